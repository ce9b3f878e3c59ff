/**
 * The rules of blog search, pure (docs/decisions/156-post-search.md): what a query may hold, the
 * words it is read as, the plain text a post is indexed by, and the snippet of a result (the same
 * on both databases). The database-specific queries are in server/search/.
 */

import { SEARCH_PATH, SEARCH_QUERY_MAX_CHARS } from "./search-box";

export { SEARCH_QUERY_MAX_CHARS };
/** A query's limit of words (its characters: SEARCH_QUERY_MAX_CHARS); past either, a 400 naming it. */
export const SEARCH_QUERY_MAX_WORDS = 8;
/** A word longer than this is cut: no language needs more to be found by prefix. */
export const SEARCH_WORD_MAX_CHARS = 40;
/**
 * The shortest word read as a prefix: the index's shortest prefix index (SQLite FTS5 `prefix =
 * '2 3 4'`, migration 0044). A shorter word ("a", "c") is matched whole: as a prefix it would
 * read every term of the index that starts with it, and finds nearly every post anyway
 * (docs/decisions/172-search-that-costs-what-a-search-should.md).
 */
export const SEARCH_PREFIX_MIN_CHARS = 2;

/** Whether a query word is matched as a prefix (else whole), on both databases and in snippets. */
export function isPrefixWord(word: string): boolean {
  return [...word].length >= SEARCH_PREFIX_MIN_CHARS;
}

export const searchMessages = {
  tooLong: `The search query is too long: at most ${SEARCH_QUERY_MAX_CHARS} characters.`,
  tooManyWords: `The search query has too many words: at most ${SEARCH_QUERY_MAX_WORDS}.`,
  badPage: "The page must be a whole number from 1.",
} as const;

export type SearchQuery =
  | { ok: true; words: string[]; text: string }
  | { ok: false; error: string };

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text as search reads them: letters and digits, lower case, compatibility-normalised. */
export function searchWords(text: string): string[] {
  return (text.normalize("NFKC").toLowerCase().match(WORD) ?? []).map((word) => word.slice(0, SEARCH_WORD_MAX_CHARS));
}

/**
 * A query as typed, bounded and read as words. Anything that is not a letter or digit (quotes, FTS
 * operators, brackets, NUL) separates words and is otherwise ignored, so no text reaches the
 * database as syntax. Every word is required and the ranking and the snippet weigh no word by its
 * place or its repetition, so the words are sorted and each kept once: every order of one search
 * is one query. `text` is the query's one spelling (those words joined by a space): the address
 * of its result page.
 */
export function parseSearchQuery(raw: string): SearchQuery {
  if (raw.length > SEARCH_QUERY_MAX_CHARS) return { ok: false, error: searchMessages.tooLong };
  const typed = searchWords(raw);
  if (typed.length > SEARCH_QUERY_MAX_WORDS) return { ok: false, error: searchMessages.tooManyWords };
  const words = [...new Set(typed)].sort();
  return { ok: true, words, text: words.join(" ") };
}

/** The one spelling of a valid query, or undefined for one that is refused. */
export function canonicalSearchText(raw: string): string | undefined {
  const query = parseSearchQuery(raw);
  return query.ok ? query.text : undefined;
}

const BLOCK_TAG = /<\/?(?:p|br|h[1-6]|li|ul|ol|blockquote|pre|div|tr|td|th|img|iframe)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * The plain text of article HTML, as the index stores it: tags dropped (a block's end is a space),
 * common entities read, control characters and runs of space collapsed. The HTML is the stored,
 * cleaned body (server/blog/article-html.server.ts).
 */
export function searchableText(html: string): string {
  return html
    .replace(BLOCK_TAG, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#x")) return safeCodePoint(parseInt(lower.slice(2), 16), entity);
      if (lower.startsWith("#")) return safeCodePoint(parseInt(lower.slice(1), 10), entity);
      return ENTITIES[lower] ?? entity;
    })
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0x1f && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    ? String.fromCodePoint(code)
    : fallback;
}

/** Plain text only: control characters never reach the index. */
export function plainText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

export type SnippetPart = { text: string; match: boolean };

/** The words a snippet shows. */
export const SNIPPET_WORDS = 24;
/** Words shown before the first word found, so that a snippet starts with some context. */
const SNIPPET_LEAD = 3;
/** How far into a post's text a snippet looks: found words past this are not shown. */
const SNIPPET_SCAN_CHARS = 100_000;
const NON_ASCII = /[^\u0000-\u007f]/;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** A word as the index compares it: lower case, compatibility-normalised, accents dropped (FTS5's `remove_diacritics`). */
function foldWord(word: string): string {
  const lower = word.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize("NFKD").replace(/\p{M}+/gu, "").normalize("NFKC") : lower;
}

type Token = { start: number; end: number; words: number };

/**
 * A post's text around the query's words, the same on both databases: the window of
 * `SNIPPET_WORDS` words holding most of the query's words (each read as a prefix or whole, like
 * the search), the first such; a few words of context before the first word found. The text is
 * the post's title, excerpt and body as plain text; reading stops once a window holds every word.
 */
export function snippetOf(text: string, words: string[]): SnippetPart[] {
  const wanted = [...new Set(words.map(foldWord))];
  const every = (1 << wanted.length) - 1;
  const tokens: Token[] = [];
  const starts: number[] = [];
  let best = { from: 0, found: 0 };
  const windowFound = (from: number) => {
    let found = 0;
    for (let index = from; index < Math.min(tokens.length, from + SNIPPET_WORDS); index += 1) found |= tokens[index]!.words;
    return found;
  };
  const consider = (from: number) => {
    const found = windowFound(from);
    if (bitCount(found) > bitCount(best.found)) best = { from, found };
  };
  const scanned = text.slice(0, SNIPPET_SCAN_CHARS);
  for (const match of scanned.matchAll(WORD)) {
    const folded = foldWord(match[0]);
    let found = 0;
    wanted.forEach((word, index) => {
      if (isPrefixWord(word) ? folded.startsWith(word) : folded === word) found |= 1 << index;
    });
    tokens.push({ start: match.index, end: match.index + match[0].length, words: found });
    if (found !== 0) starts.push(Math.max(0, tokens.length - 1 - SNIPPET_LEAD));
    // Each window is judged once its words are all read; the first holding every word wins.
    while (starts.length > 0 && tokens.length >= starts[0]! + SNIPPET_WORDS) {
      consider(starts.shift()!);
      if (best.found === every) return snippetParts(scanned, tokens, best.from);
    }
  }
  // Near the end, a window starts earlier so that it still shows as many words as it can.
  for (const from of starts) consider(Math.min(from, Math.max(0, tokens.length - SNIPPET_WORDS)));
  return snippetParts(scanned, tokens, best.from);
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/** The window of words from `from` as text and found words, "…" where the text goes on. */
function snippetParts(text: string, tokens: Token[], from: number): SnippetPart[] {
  const shown = tokens.slice(from, from + SNIPPET_WORDS);
  if (shown.length === 0) return text.trim() ? [{ text: text.slice(0, 200).trim(), match: false }] : [];
  const parts: SnippetPart[] = [];
  const add = (piece: string, match: boolean) => {
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += piece;
    else if (piece) parts.push({ text: piece, match });
  };
  if (from > 0) add("… ", false);
  let at = from > 0 ? shown[0]!.start : 0;
  for (const token of shown) {
    add(text.slice(at, token.start), false);
    add(text.slice(token.start, token.end), token.words !== 0);
    at = token.end;
  }
  const rest = text.slice(shown[shown.length - 1]!.end);
  if (HAS_WORD.test(rest)) add(" …", false);
  else add(rest.trimEnd(), false);
  return parts;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** A snippet as HTML for the API: every character of the post escaped, only `<mark>` is markup. */
export function snippetHtml(parts: SnippetPart[]): string {
  return parts.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join("");
}

/** Words too common to make two posts related. */
const COMMON_WORDS = new Set(
  "the and for with from that this your you are how why what when who our its into can not but all any more most than have has was were will about their them they out use using new".split(
    " ",
  ),
);

/** The words of a title and excerpt that make posts related: distinct, three letters or more, not common. */
export function relatedWords(title: string, excerpt: string): string[] {
  return [...new Set(searchWords(`${title} ${excerpt}`))].filter((word) => word.length >= 3 && !COMMON_WORDS.has(word));
}

/** The address of a page of results: the query's one spelling, then the page from 2 on. */
export function searchPageHref(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `${SEARCH_PATH}?${params.toString()}`;
}
