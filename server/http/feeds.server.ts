import express from "express";
import { RSS_ITEM_LIMIT } from "../../domain/blog";
import { PUBLIC_PAGE_PATHS } from "../../domain/public-pages";
import { latestPublishedPosts, publishedPostLocations } from "../blog/public-posts.server";
import type { AppServices } from "../context.server";

/** Feeds may be cached briefly by browsers, crawlers and proxies. */
const FEED_CACHE = "public, max-age=300";

/** Text made safe for XML: the five special characters escaped, characters XML forbids removed. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function postUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/blog/${encodeURIComponent(slug)}`;
}

function pageUrl(siteUrl: string, path: string): string {
  return path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`;
}

/** RFC 822 dates, as RSS 2.0 wants them. */
function rssDate(iso: string): string {
  return new Date(iso).toUTCString();
}

/** GET /rss.xml, /sitemap.xml and /robots.txt, with absolute links from SITE_URL. */
export function feedsRouter({ config, db }: Pick<AppServices, "config" | "db">) {
  const { siteUrl, siteName } = config.public;
  const router = express.Router();

  router.get("/rss.xml", async (_req, res) => {
    const posts = await latestPublishedPosts(db, RSS_ITEM_LIMIT);
    const newest = posts.reduce((latest, post) => (post.updated_at > latest ? post.updated_at : latest), "");
    const items = posts.map((post) => {
      const link = escapeXml(postUrl(siteUrl, post.slug));
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${link}</link>`,
        `      <guid isPermaLink="true">${link}</guid>`,
        `      <pubDate>${rssDate(post.created_at)}</pubDate>`,
        post.excerpt ? `      <description>${escapeXml(post.excerpt)}</description>` : "",
        `      <category>${escapeXml(post.category)}</category>`,
        `      <dc:creator>${escapeXml(post.author_name)}</dc:creator>`,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    });
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      "  <channel>",
      `    <title>${escapeXml(`${siteName} Blog`)}</title>`,
      `    <link>${escapeXml(`${siteUrl}/blog`)}</link>`,
      `    <description>${escapeXml(`AI training insights from ${siteName}`)}</description>`,
      "    <language>en</language>",
      newest ? `    <lastBuildDate>${rssDate(newest)}</lastBuildDate>` : "",
      `    <atom:link href="${escapeXml(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
      ...items,
      "  </channel>",
      "</rss>",
      "",
    ]
      .filter((line) => line !== "")
      .join("\n");
    res.type("application/rss+xml; charset=utf-8").set("Cache-Control", FEED_CACHE).send(`${xml}\n`);
  });

  router.get("/sitemap.xml", async (_req, res) => {
    const posts = await publishedPostLocations(db);
    const blogChanged = posts.reduce((latest, post) => (post.updated_at > latest ? post.updated_at : latest), "");
    const entry = (loc: string, lastmod?: string) =>
      `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGE_PATHS.map((path) =>
        entry(pageUrl(siteUrl, path), path === "/blog" && blogChanged ? blogChanged : undefined),
      ),
      ...posts.map((post) => entry(postUrl(siteUrl, post.slug), post.updated_at)),
      "</urlset>",
    ].join("\n");
    res.type("application/xml; charset=utf-8").set("Cache-Control", FEED_CACHE).send(`${xml}\n`);
  });

  router.get("/robots.txt", (_req, res) => {
    const text = [
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /api/",
      "",
      `Sitemap: ${siteUrl}/sitemap.xml`,
      "",
    ].join("\n");
    res.type("text/plain; charset=utf-8").set("Cache-Control", FEED_CACHE).send(text);
  });

  return router;
}
