import { TOC_MIN_H2 } from "../../domain/blog-taxonomy";
import { searchableText } from "../../domain/search";
import { slugify } from "../../domain/slug";
import { SITE_PAGE_IDS } from "../../domain/page-ids";

/**
 * The table of contents of an article (docs/decisions/159-table-of-contents.md). After the one
 * allowlist (article-html.server.ts) has cleaned the body, which keeps no author's `id`, each
 * `h2` and `h3` is given an `id` made here from its text by the slug rule, unique within the
 * article and never one of the page's own ids: these are the only ids an article body carries.
 */
export type TocEntry = { id: string; text: string; level: 2 | 3 };

const HEADING = /<(h[23])((?:\s+class="[^"<>]*")?)>([\s\S]*?)<\/\1>/g;

export function withHeadingIds(cleanedHtml: string): { html: string; toc: TocEntry[] } {
  const used = new Set<string>();
  const toc: TocEntry[] = [];
  const html = cleanedHtml.replace(HEADING, (_whole, tag: string, attributes: string, inner: string) => {
    const text = searchableText(inner);
    const base = slugify(text).slice(0, 60).replace(/-$/, "") || "section";
    let id = base;
    for (let n = 2; used.has(id) || SITE_PAGE_IDS.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    if (text) toc.push({ id, text, level: tag === "h2" ? 2 : 3 });
    return `<${tag} id="${id}"${attributes}>${inner}</${tag}>`;
  });
  const h2Count = toc.filter((entry) => entry.level === 2).length;
  return { html, toc: h2Count >= TOC_MIN_H2 ? toc : [] };
}
