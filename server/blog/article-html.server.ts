import sanitizeHtml from "sanitize-html";

/**
 * The one allowlist for article HTML, applied when a post is written and again when it is read.
 * Starts with the tags and attributes of the specification (section 5).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "a", "img", "blockquote", "code", "pre"],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  allowedStyles: {},
};

export function cleanArticleHtml(html: string): string {
  return sanitizeHtml(html, options);
}
