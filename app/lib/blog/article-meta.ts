import { blogMeta } from "../../content/blog";

/**
 * An article's description and social image for its metadata: the post's own SEO fields when set,
 * the specification's defaults (excerpt, featured image) otherwise. The article page and its
 * private preview say the same.
 */
export function articleSeoMeta(
  post: { excerpt: string | null; featured_image_url: string | null },
  seo: { meta_description: string; social_image_url: string | null } | undefined,
): { description: string; image: string | undefined } {
  return {
    description: seo?.meta_description || post.excerpt || blogMeta.description,
    image: seo?.social_image_url || post.featured_image_url || undefined,
  };
}
