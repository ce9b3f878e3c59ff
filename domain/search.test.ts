import { describe, expect, test } from "vitest";
import { isPrefixWord, parseSearchQuery, SEARCH_PREFIX_MIN_CHARS, searchMessages, SNIPPET_WORDS, snippetOf, type SnippetPart } from "./search";

const found = (parts: SnippetPart[]) => parts.filter((part) => part.match).map((part) => part.text);
const text = (parts: SnippetPart[]) => parts.map((part) => part.text).join("");

describe("snippetOf", () => {
  test("shows the words around the first place holding every query word, each read as a prefix", () => {
    const filler = Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ");
    const parts = snippetOf(`Title — ${filler} the compliance training that sticks, ${filler}`, ["complian", "train"]);
    expect(found(parts)).toEqual(["compliance", "training"]);
    expect(text(parts)).toMatch(/^… word58 word59 the compliance training that sticks, word0 /);
    expect(text(parts)).toMatch(/ …$/);
    expect(text(parts).split(/\s+/).filter((word) => /\w/.test(word))).toHaveLength(SNIPPET_WORDS);
  });

  test("prefers a window with more of the words over an earlier one with fewer", () => {
    const filler = Array.from({ length: 40 }, (_, index) => `w${index}`).join(" ");
    const parts = snippetOf(`onboarding alone ${filler} onboarding security checklist`, ["onboarding", "security"]);
    expect(found(parts)).toEqual(["onboarding", "security"]);
  });

  test("matches without accents or case, as the index does, and keeps the text as written", () => {
    const parts = snippetOf("Le Résumé de la Formation", ["resume", "formation"]);
    expect(found(parts)).toEqual(["Résumé", "Formation"]);
    expect(text(parts)).toBe("Le Résumé de la Formation");
  });

  test("text without the words starts at the beginning, nothing highlighted; empty text is no parts", () => {
    const parts = snippetOf("A short post about nothing in particular.", ["budget"]);
    expect(found(parts)).toEqual([]);
    expect(text(parts)).toBe("A short post about nothing in particular.");
    expect(snippetOf("", ["budget"])).toEqual([]);
  });

  test("markup-like text stays text: the parts carry it as written, for the page or the API to escape", () => {
    const parts = snippetOf("<script>alert(1)</script> budget", ["budget"]);
    expect(text(parts)).toBe("<script>alert(1)</script> budget");
    expect(found(parts)).toEqual(["budget"]);
  });
});

describe("parseSearchQuery (decision 172)", () => {
  test("sorts the words and keeps each once, so every order of one search is one query", () => {
    const orders = ["training compliance", "Compliance TRAINING", "compliance training compliance"];
    for (const order of orders) expect(parseSearchQuery(order), order).toEqual({ ok: true, words: ["compliance", "training"], text: "compliance training" });
  });

  test("counts the words as typed against the limit", () => {
    expect(parseSearchQuery("a a a a a a a a a")).toEqual({ ok: false, error: searchMessages.tooManyWords });
  });

  test("a word shorter than the index's shortest prefix is matched whole, in letters not bytes", () => {
    expect(SEARCH_PREFIX_MIN_CHARS).toBe(2);
    expect(isPrefixWord("a")).toBe(false);
    expect(isPrefixWord("é")).toBe(false);
    expect(isPrefixWord("\u{1d400}")).toBe(false);
    expect(isPrefixWord("co")).toBe(true);
  });
});

describe("snippetOf with short words (decision 172)", () => {
  test("marks a one-letter word only where it stands alone, as the search matches it", () => {
    const parts = snippetOf("Agile teams and a C compiler", ["a", "c"]);
    expect(found(parts)).toEqual(["a", "C"]);
  });
});
