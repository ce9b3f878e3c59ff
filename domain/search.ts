/**
 * The rules of blog search, pure (docs/decisions/156-post-search.md): what a query may hold, the
 * words it is read as, the plain text a post is indexed by, and how a snippet's highlight is told
 * apart from its text. The database-specific queries are in server/search/.
 */

import { SEARCH_PATH, SEARCH_QUERY_MAX_CHARS } from "./search-box";

export { SEARCH_QUERY_MAX_CHARS };
/** A query's limit of words (its characters: SEARCH_QUERY_MAX_CHARS); past either, a 400 naming it. */
export const SEARCH_QUERY_MAX_WORDS = 8;
/** A word longer than this is cut: no language needs more to be found by prefix. */
export const SEARCH_WORD_MAX_CHARS = 40;

/** Where a snippet's highlight starts and ends; control characters never indexed (see `searchableText`). */
export const HIGHLIGHT_START = "\u0001";
export const HIGHLIGHT_END = "\u0002";

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
 * database as syntax. `text` is the query's one spelling (its words joined by a space): the
 * address of its result page.
 */
export function parseSearchQuery(raw: string): SearchQuery {
  if (raw.length > SEARCH_QUERY_MAX_CHARS) return { ok: false, error: searchMessages.tooLong };
  const words = searchWords(raw);
  if (words.length > SEARCH_QUERY_MAX_WORDS) return { ok: false, error: searchMessages.tooManyWords };
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
 * common entities read, control characters (the highlight markers among them) and runs of space
 * collapsed. The HTML is the stored, cleaned body (server/blog/article-html.server.ts).
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

/** Plain text only: control characters (the highlight markers) never reach the index. */
export function plainText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

export type SnippetPart = { text: string; match: boolean };

/** A snippet as the database marks it, split into text and highlighted words. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  for (const piece of marked.split(/([\u0001\u0002])/)) {
    if (piece === HIGHLIGHT_START) match = true;
    else if (piece === HIGHLIGHT_END) match = false;
    else if (piece) parts.push({ text: piece, match });
  }
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
