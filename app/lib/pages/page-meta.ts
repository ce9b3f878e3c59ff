import type { PublicPage } from "../../../domain/site-pages";
import type { PageMetaInput } from "../meta";

/**
 * An edited page's search and social-card metadata: its SEO title, else its title; its SEO
 * description, else its hero's lead; its social image, else the site's; its own address.
 */
export function sitePageMeta(page: PublicPage): PageMetaInput {
  const hero = page.blocks.find((block) => block.type === "hero" && !block.hidden);
  return {
    title: page.seo.title || page.title,
    description: page.seo.description || (hero?.type === "hero" ? hero.lead : ""),
    path: page.path,
    image: page.seo.social_image_url || undefined,
    noindex: page.seo.noindex,
  };
}

