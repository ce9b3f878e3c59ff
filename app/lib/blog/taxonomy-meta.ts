import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "../../../domain/site";
import { articleCopy, blogMeta } from "../../content/blog";
import { absoluteUrl, pageMeta } from "../meta";

/** Metadata of a category's or author's page: its own title, description, canonical, feed and breadcrumbs. */
export function taxonomyMeta(
  site: SiteConfig,
  { name, path, page, title, description }: { name: string; path: string; page: number; title: string; description: string },
): MetaDescriptor[] {
  const pagePath = page === 1 ? path : `${path}?page=${page}`;
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: articleCopy.home, item: absoluteUrl(site, "/") },
      { "@type": "ListItem", position: 2, name: articleCopy.blog, item: absoluteUrl(site, "/blog") },
      { "@type": "ListItem", position: 3, name, item: absoluteUrl(site, path) },
    ],
  };
  return [
    ...pageMeta(site, { title, description, path: pagePath, keywords: [name, ...blogMeta.keywords], structuredData: [breadcrumbs] }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${name} | ${site.siteName}`, href: absoluteUrl(site, `${path}/rss.xml`) },
  ];
}
