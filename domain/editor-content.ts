import { VIDEO_EMBED_ORIGINS } from "./embeds";
import { isMediaPath } from "./media";

/**
 * Rules of the post editor's content (specification, section 5: links, images and videos only
 * from safe schemes). Pure functions, so the browser editor and the tests share them. They keep
 * the editor honest; the server's article allowlist stays the one security boundary.
 */

/** What a refused link or video URL becomes (Quill's own convention). */
/** The toolbar of the specification (section 2, Post editor), in its order. */
export const EDITOR_TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ["bold", "italic", "underline", "strike"],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ script: "sub" }, { script: "super" }],
  [{ indent: "-1" }, { indent: "+1" }],
  [{ direction: "rtl" }],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  ["link", "image", "video"],
  ["blockquote", "code-block"],
  ["clean"],
];

export const BLANK_URL = "about:blank";
/** What a refused image source becomes: an empty placeholder that loads nothing. */
export const IMAGE_PLACEHOLDER_SRC = "//:0";

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);
/** A base no real link resolves against: it only lets a relative link be normalised. */
const RELATIVE_BASE = "https://relative.invalid";
/**
 * An inline raster image as the editor pastes it: the one rule for data URLs, shared by the
 * editor and the server's article allowlist. Exact MIME types only (`image/jpeg`, never `jpg`).
 */
export const SAFE_DATA_IMAGE_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/]+={0,2}$/i;

function parseAbsolute(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** "example.com/page" means https://example.com/page; a value with a scheme keeps its own. */
function withAssumedScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/+/, "")}`;
}

/** A link within this site as typed: a path (`/how-it-works`, never `//host`) or a fragment. */
export function isSiteLink(value: string): boolean {
  return /^(?:\/(?![/\\])|#)/.test(value.trim());
}

/**
 * A link target, normalised (quotes and spaces percent-encoded): a path or fragment of this site
 * as typed, or http, https, mailto or tel; a bare host name ("example.com") gets https.
 */
export function safeLinkUrl(input: string): string {
  const value = input.trim();
  if (value === "") return BLANK_URL;
  if (isSiteLink(value)) {
    const url = new URL(value, RELATIVE_BASE);
    return value.startsWith("#") ? url.hash || "#" : `${url.pathname}${url.search}${url.hash}`;
  }
  const url = parseAbsolute(withAssumedScheme(value));
  return url && LINK_PROTOCOLS.has(url.protocol) ? url.href : BLANK_URL;
}

/** Whether a safe link leads to another site, and so opens in a new tab. */
export function opensInNewTab(safeUrl: string): boolean {
  return /^https?:/i.test(safeUrl);
}

/** An image source: http, https, an image uploaded to this site, or an inline raster image. */
export function safeImageSrc(input: string): string {
  const value = input.trim();
  if (SAFE_DATA_IMAGE_URL.test(value) || isMediaPath(value)) return value;
  const url = parseAbsolute(value);
  return url && (url.protocol === "http:" || url.protocol === "https:") ? url.href : IMAGE_PLACEHOLDER_SRC;
}

/** A video embed: only players of the allowed hosts, always over https. */
export function safeVideoUrl(input: string): string {
  const url = parseAbsolute(withAssumedScheme(input.trim()));
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return BLANK_URL;
  url.protocol = "https:";
  return (VIDEO_EMBED_ORIGINS as readonly string[]).includes(url.origin) ? url.href : BLANK_URL;
}

/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Quill 2.0.3's getSemanticHTML() writes every ordinary space as `&nbsp;`, so article text would
 * never wrap. The one rule, for the editor and the server alike: a space the author typed as a
 * real non-breaking space is the character U+00A0 (Quill does not escape it) and is kept; every
 * `&nbsp;` entity stands for an ordinary space, so a lone one becomes a space again and a run keeps
 * its width, ending on a breakable space. `fill` spells a run of `count` (2 or more).
 */
export function replaceQuillSpaces(html: string, fill: (count: number) => string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => {
    const count = run.length / "&nbsp;".length;
    return count === 1 ? " " : fill(count);
  });
}

/** The editor's spelling of a run: alternating, so it breaks as often as it can. */
export function restoreOrdinarySpaces(html: string): string {
  return replaceQuillSpaces(html, (count) => {
    let spaces = "";
    for (let index = 0; index < count; index += 1) {
      spaces += (count - index) % 2 === 1 ? " " : "&nbsp;";
    }
    return spaces;
  });
}

/** Whether the editor's HTML holds nothing worth saving (an empty paragraph, say). */
export function isBlankEditorHtml(html: string): boolean {
  if (/<(?:img|iframe)\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\u00a0|\s/g, "") === "";
}
