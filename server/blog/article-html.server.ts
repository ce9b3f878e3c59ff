import sanitizeHtml from "sanitize-html";
import { BLOG_IMAGE_SIZES } from "../../domain/blog";
import { replaceQuillSpaces, SAFE_DATA_IMAGE_URL } from "../../domain/editor-content";
import { VIDEO_EMBED_ORIGINS } from "../../domain/embeds";
import type { ResponsiveImage } from "../../domain/media";

/**
 * The one allowlist for article HTML, applied when a post is written and again when it is read
 * (docs/decisions/020-article-html-allowlist.md). It keeps the tags and attributes of the
 * specification (section 5) plus exactly what the editor's toolbar produces in Quill 2.0.3,
 * both in its semantic form (`getSemanticHTML()`) and in its DOM form (`root.innerHTML`):
 *
 * - strike `s`, `sub` and `sup`; colour and background colour as inline styles with colour values
 *   only;
 * - Quill's `ql-align-*`, `ql-indent-*` and `ql-direction-rtl` classes on blocks, and its code
 *   blocks (`<pre>`, `pre.ql-syntax`, `div.ql-code-block-container > div.ql-code-block`);
 * - video as `iframe.ql-video`, only from the hosts of domain/embeds.ts (which the CSP's
 *   frame-src also reads);
 * - links with http, https, mailto or tel (or relative) addresses; a link that opens a new tab
 *   always carries `rel="noopener noreferrer"`;
 * - images from http, https, or inline `data:image/(png|jpeg|gif|webp);base64`; any other
 *   source is dropped and the image stays as an empty placeholder;
 * - on images uploaded to this site (`/media/<sha256>.<ext>`), and only when the page is read,
 *   `width`, `height`, `srcset` and `sizes` written here from the stored image
 *   (docs/decisions/126-uploaded-images.md). The author's own values of these are always dropped,
 *   so a `srcset` only ever names this site's /media copies.
 *
 * Never kept: scripts, styles, event handlers, data attributes, forms, SVG and MathML, and
 * `javascript:`, `vbscript:` or any other scheme. No author's `id` is kept either: when a page is
 * read, each `h2` and `h3` of the cleaned body is given an `id` made from its text, and nothing
 * else (article-toc.server.ts, docs/decisions/159-table-of-contents.md).
 */

const BLOCK_CLASSES = [/^ql-align-(?:center|right|justify)$/, /^ql-indent-[1-8]$/, "ql-direction-rtl"];
const CODE_BLOCK_CONTAINER = "ql-code-block-container";
const CODE_BLOCK_LINE = "ql-code-block";
const VIDEO_CLASS = "ql-video";
const IFRAME_SANDBOX = "allow-scripts allow-same-origin allow-presentation allow-popups";

/** Colour values only: hex, rgb()/rgba()/hsl()/hsla() with numbers, or a colour keyword. */
const COLOR_VALUES = [
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  /^(?:rgb|hsl)a?\((?:[\d\s.,/%]|deg)+\)$/i,
  /^[a-z]{3,30}$/i,
];

/** Written by the server on uploaded images (`transformImage`), never taken from the author. */
const RESPONSIVE_ATTRIBUTES = ["width", "height", "srcset", "sizes"] as const;

const blockTags = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "ul", "li", "blockquote"];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    // Section 5 of the specification.
    "p", "br", "strong", "em", "u", "h1", "h2", "h3", "h4", "h5", "h6",
    "ul", "ol", "li", "a", "img", "blockquote", "code", "pre",
    // The editor's toolbar: strike, sub/sup, colours (spans), code blocks (divs), video.
    "s", "sub", "sup", "span", "div", "iframe",
  ],
  allowedAttributes: {
    "*": ["title", "style"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", ...RESPONSIVE_ATTRIBUTES],
    iframe: ["src", "class", "frameborder", "allowfullscreen", "sandbox"],
    div: ["class"],
    pre: ["class"],
    ...Object.fromEntries(blockTags.map((tag) => [tag, ["class"]])),
  },
  allowedClasses: {
    ...Object.fromEntries(blockTags.map((tag) => [tag, BLOCK_CLASSES])),
    pre: ["ql-syntax"],
    div: [CODE_BLOCK_CONTAINER, CODE_BLOCK_LINE],
    iframe: [VIDEO_CLASS],
  },
  allowedStyles: {
    "*": { color: COLOR_VALUES, "background-color": COLOR_VALUES },
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    b: "strong",
    i: "em",
    strike: "s",
    a: transformLink,
    img: transformImage,
    iframe: transformIframe,
    div: transformDiv,
    "*": dropScriptLikeValues,
  },
  exclusiveFilter: (frame) => {
    // A refused video goes with everything inside it.
    if (frame.tag === "iframe") return !frame.attribs.src;
    // Spans carry colours and divisions code blocks; one left without attributes (such as
    // Quill's list marker, or a division the editor does not make) keeps only its content.
    if ((frame.tag === "span" || frame.tag === "div") && Object.keys(frame.attribs).length === 0) {
      return "excludeTag";
    }
    return false;
  },
};

type Attributes = Record<string, string>;
type TransformedTag = { tagName: string; attribs: Attributes };

/** No attribute value that names a script scheme survives, not even in a title or alt text. */
function dropScriptLikeValues(tagName: string, attribs: Attributes): TransformedTag {
  const next: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (!/(?:java|vb)script:/i.test(value.replace(/[\s\u0000-\u0020]+/g, ""))) next[name] = value;
  }
  return { tagName, attribs: next };
}

const LINK_SCHEMES = ["http", "https", "mailto", "tel"];
const IMAGE_SCHEMES = ["http", "https", "data"];

function transformLink(_tag: string, attribs: Attributes): TransformedTag {
  const next = { ...attribs };
  if (next.href !== undefined && !schemeAllowed(next.href, LINK_SCHEMES)) delete next.href;
  if ((next.target ?? "").toLowerCase() === "_blank") {
    next.target = "_blank";
    next.rel = "noopener noreferrer";
  } else {
    delete next.target;
  }
  return { tagName: "a", attribs: next };
}

function transformImage(_tag: string, attribs: Attributes, images?: ReadonlyMap<string, ResponsiveImage>): TransformedTag {
  const next = { ...attribs };
  for (const name of RESPONSIVE_ATTRIBUTES) delete next[name];
  if (next.src !== undefined && !schemeAllowed(next.src, IMAGE_SCHEMES)) delete next.src;
  if (next.src !== undefined) {
    const src = normalizedUrl(next.src);
    if (/^data:/i.test(src)) {
      // Only inline raster images; the checked value is exactly the one kept.
      if (SAFE_DATA_IMAGE_URL.test(src)) next.src = src;
      else delete next.src;
    }
  }
  const image = next.src === undefined ? undefined : images?.get(next.src);
  if (image) {
    next.width = String(image.width);
    next.height = String(image.height);
    if (image.srcset) {
      next.srcset = image.srcset;
      next.sizes = BLOG_IMAGE_SIZES.article;
    }
  }
  return { tagName: "img", attribs: next };
}

function transformIframe(_tag: string, attribs: Attributes): TransformedTag {
  const classes = (attribs.class ?? "").split(/\s+/);
  const src = videoSource(attribs.src ?? "");
  // Without a source the exclusive filter drops the element.
  if (!classes.includes(VIDEO_CLASS) || !src) return { tagName: "iframe", attribs: {} };
  return {
    tagName: "iframe",
    attribs: {
      class: VIDEO_CLASS,
      src,
      frameborder: "0",
      allowfullscreen: "true",
      sandbox: IFRAME_SANDBOX,
    },
  };
}

function transformDiv(_tag: string, attribs: Attributes): TransformedTag {
  const classes = (attribs.class ?? "").split(/\s+/);
  if (classes.includes(CODE_BLOCK_CONTAINER)) {
    return { tagName: "div", attribs: { class: CODE_BLOCK_CONTAINER } };
  }
  if (classes.includes(CODE_BLOCK_LINE)) return { tagName: "div", attribs: { class: CODE_BLOCK_LINE } };
  // Any other division is not something the editor makes: the exclusive filter unwraps it.
  return { tagName: "div", attribs: {} };
}

/** An https address on one of the allowed video hosts, or undefined. */
function videoSource(raw: string): string | undefined {
  try {
    const url = new URL(normalizedUrl(raw));
    const allowed = (VIDEO_EMBED_ORIGINS as readonly string[]).includes(url.origin);
    return allowed && url.protocol === "https:" && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the address has no scheme (a relative address) or one of the allowed schemes. Every
 * kind of space is ignored first, so no spacing trick hides a scheme.
 */
function schemeAllowed(value: string, allowed: readonly string[]): boolean {
  const compact = value.replace(/[\s\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]+/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || allowed.includes(scheme);
}

/** Browsers ignore control characters and spaces inside URLs; so does every check here. */
function normalizedUrl(value: string): string {
  return value.replace(/[\x00-\x20]+/g, "");
}

/**
 * Cleans article HTML with the allowlist above. The result is safe to render as is. Quill's
 * `&nbsp;` entities are read first, by the editor's rule (domain/editor-content.ts), while they can
 * still be told apart from a non-breaking space the author typed; a run here keeps its width as
 * non-breaking spaces with a breakable one at its end.
 *
 * `images` (for a page being read) gives the uploaded images' sizes and smaller copies, keyed by
 * their exact address; without it, as when a post is written, images keep only `src` and `alt`.
 */
export function cleanArticleHtml(html: string, images?: ReadonlyMap<string, ResponsiveImage>): string {
  const withImages = images?.size
    ? { ...options, transformTags: { ...options.transformTags, img: (tag: string, attribs: Attributes) => transformImage(tag, attribs, images) } }
    : options;
  return sanitizeHtml(
    replaceQuillSpaces(html, (count) => "&nbsp;".repeat(count - 1) + " "),
    withImages,
  );
}
