import { data, redirect, type MetaDescriptor } from "react-router";
import type { SiteConfig } from "../../../domain/site";
import type { TaxonomyPageResult } from "../../../server/blog/blog-pages.server";
import { blogMeta, readerCopy } from "../../content/blog";
import { absoluteUrl, pageMeta, siteFromMatches } from "../meta";
import { blogBreadcrumbs } from "./structured-data";

/**
 * A category's or author's page as its loader answers it (decision 157), with its one address;
 * otherwise the response instead: 301 to the one spelling of page 1, 404, or 503.
 */
export function taxonomyPageOrThrow<T extends { name: string }>(
  result: TaxonomyPageResult<T>,
  pathOf: (name: string) => string | undefined,
  slugPath: string,
): T & { path: string } {
  if (result.kind === "redirect") throw redirect(result.to, 301);
  if (result.kind === "not_found") throw data(null, { status: 404 });
  if (result.kind === "error") throw data(null, { status: 503 });
  return { ...result.page, path: pathOf(result.page.name) ?? slugPath };
}

/** A category's or author's route metadata, from its loader's page. */
export function taxonomyRouteMeta(
  matches: Parameters<typeof siteFromMatches>[0],
  loaderData: { name: string; path: string; page: number } | undefined,
  description: (name: string) => string,
): MetaDescriptor[] {
  if (!loaderData) return [];
  const { name, path, page } = loaderData;
  return taxonomyMeta(siteFromMatches(matches), { name, path, page, title: readerCopy.listPageTitle(name, page), description: description(name) });
}

/** Metadata of a category's or author's page: its own title, description, canonical, feed and breadcrumbs. */
export function taxonomyMeta(
  site: SiteConfig,
  { name, path, page, title, description }: { name: string; path: string; page: number; title: string; description: string },
): MetaDescriptor[] {
  const pagePath = page === 1 ? path : `${path}?page=${page}`;
  const breadcrumbs = blogBreadcrumbs(site, name, absoluteUrl(site, path));
  return [
    ...pageMeta(site, { title, description, path: pagePath, keywords: [name, ...blogMeta.keywords], structuredData: [breadcrumbs] }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${name} | ${site.siteName}`, href: absoluteUrl(site, `${path}/rss.xml`) },
  ];
}
