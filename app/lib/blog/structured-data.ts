import type { PublicPost } from "../../../domain/blog-post";
import type { SiteConfig } from "../../../domain/site";
import { articleCopy } from "../../content/blog";
import { absoluteUrl } from "../meta";

/** JSON-LD for an article: a BlogPosting and its BreadcrumbList, with absolute SITE_URL links. */
export function articleStructuredData(site: SiteConfig, post: Omit<PublicPost, "content">): object[] {
  const url = absoluteUrl(site, `/blog/${post.slug}`);
  const blogPosting = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    ...(post.excerpt ? { description: post.excerpt } : {}),
    ...(post.featured_image_url ? { image: [absoluteUrl(site, post.featured_image_url)] } : {}),
    datePublished: post.created_at,
    dateModified: post.updated_at,
    articleSection: post.category,
    author: {
      "@type": "Person",
      name: post.author_name,
      ...(post.author_linkedin_url ? { url: post.author_linkedin_url } : {}),
    },
    publisher: {
      "@type": "Organization",
      name: site.siteName,
      logo: { "@type": "ImageObject", url: absoluteUrl(site, "/logo.svg") },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
  return [blogPosting, blogBreadcrumbs(site, post.title, url)];
}

/** The BreadcrumbList of a page under the blog: Home, Blog, then the page itself (`url` absolute). */
export function blogBreadcrumbs(site: SiteConfig, name: string, url: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: articleCopy.home, item: absoluteUrl(site, "/") },
      { "@type": "ListItem", position: 2, name: articleCopy.blog, item: absoluteUrl(site, "/blog") },
      { "@type": "ListItem", position: 3, name, item: url },
    ],
  };
}
