import crypto from "node:crypto";
import type { ResponsiveImage } from "../../domain/media";
import { cleanArticleHtml } from "./article-html.server";
import { withHeadingIds, type TocEntry } from "./article-toc.server";

/**
 * An article's body as a page shows it: cleaned by the one allowlist, its headings given ids, and
 * its table of contents (decisions 020, 159). That depends on the body alone, so it is worked out
 * once per version of the body and process, not at every render (decision 194): the article page,
 * the public API and private previews read it from here. "Cleaned on read" still holds, since the
 * allowlist a process cleans with is the one it runs; a new allowlist is a new process.
 */
export type ArticleBody = { html: string; toc: TocEntry[] };

const bodies = new Map<string, ArticleBody>();
/** Characters of cleaned HTML kept in memory at most (about 16 MB of text). */
const KEPT_CHARS = 8_000_000;
let keptChars = 0;

/** The key of a stored post's version: its id and `updated_at` name it. */
export const storedVersionKey = (post: { id: string; updated_at: string }) => `post:${post.id}:${post.updated_at}`;

/** The key of a body not stored as a post version (a draft's autosave in a preview): its own digest. */
export const draftKey = (html: string) => `draft:${crypto.createHash("sha256").update(html).digest("base64url")}`;

/**
 * The body for `key`: worked out on the first read of that version, with `html` (the stored body)
 * and `images` (the uploaded images it shows) asked only then, since an uploaded image never
 * changes behind its address. Bounded by size; the least recently used version goes first.
 */
export async function articleBody(
  key: string,
  html: string | (() => Promise<string>),
  images: (html: string) => Promise<ReadonlyMap<string, ResponsiveImage>> = async () => new Map(),
): Promise<ArticleBody> {
  const hit = bodies.get(key);
  if (hit !== undefined) {
    bodies.delete(key);
    bodies.set(key, hit);
    return hit;
  }
  const source = typeof html === "string" ? html : await html();
  const body = withHeadingIds(cleanArticleHtml(source, await images(source)));
  // Another read of the same version finished first: keep its copy, counted once.
  const raced = bodies.get(key);
  if (raced !== undefined) return raced;
  if (body.html.length > KEPT_CHARS / 4) return body;
  bodies.set(key, body);
  keptChars += body.html.length;
  for (const [oldKey, old] of bodies) {
    if (keptChars <= KEPT_CHARS) break;
    bodies.delete(oldKey);
    keptChars -= old.html.length;
  }
  return body;
}
