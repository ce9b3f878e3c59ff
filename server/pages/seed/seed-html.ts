import { escapeHtml } from "../../../domain/editor-content";

/** Plain copy as the rich text a block stores: each paragraph a `<p>`, its characters escaped. */
export function paragraphs(texts: readonly string[]): string {
  return texts.map((text) => `<p>${escapeHtml(text)}</p>`).join("");
}

/** A bulleted list of plain copy. */
export function bulletList(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
}
