import express from "express";
import { RSS_ITEM_LIMIT } from "../../domain/blog";
import { PUBLIC_PAGE_PATHS } from "../../domain/public-pages";
import { authorPath, categoryPath } from "../../domain/blog-taxonomy";
import type { PublicPostSummary } from "../../domain/blog-post";
import { latestOfTaxonomy, publishedTaxonomyNames } from "./post-taxonomy.server";
import { latestPublishedPosts, publishedPostLocations } from "./public-posts.server";
import type { AppServices } from "../context.server";
import { sitemapPages } from "../pages/public-pages.server";

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

  const sendFeed = (
    res: express.Response,
    feed: { title: string; link: string; self: string; description: string; posts: PublicPostSummary[] },
  ) => {
    const newest = feed.posts.reduce((latest, post) => (post.updated_at > latest ? post.updated_at : latest), "");
    const items = feed.posts.map((post) => {
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
      `    <title>${escapeXml(feed.title)}</title>`,
      `    <link>${escapeXml(feed.link)}</link>`,
      `    <description>${escapeXml(feed.description)}</description>`,
      "    <language>en</language>",
      newest ? `    <lastBuildDate>${rssDate(newest)}</lastBuildDate>` : "",
      `    <atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml"/>`,
      ...items,
      "  </channel>",
      "</rss>",
      "",
    ]
      .filter((line) => line !== "")
      .join("\n");
    res.type("application/rss+xml; charset=utf-8").set("Cache-Control", FEED_CACHE).send(`${xml}\n`);
  };

  router.get("/rss.xml", async (_req, res) => {
    sendFeed(res, {
      title: `${siteName} Blog`,
      link: `${siteUrl}/blog`,
      self: `${siteUrl}/rss.xml`,
      description: `AI training insights from ${siteName}`,
      posts: await latestPublishedPosts(db, RSS_ITEM_LIMIT),
    });
  });

  // A category's and an author's own feeds (decision 157); 404 for a name no published post has.
  router.get(/^\/blog\/(category|author)\/([a-z0-9]+(?:-[a-z0-9]+)*)\/rss\.xml$/, async (req, res) => {
    const params = req.params as unknown as Record<string, string>;
    const kind = params[0] === "category" ? "category" : "author";
    const slug = params[1]!;
    const found = await latestOfTaxonomy(db, kind, slug, RSS_ITEM_LIMIT);
    if (!found) {
      res.status(404).type("text/plain").set("Cache-Control", FEED_CACHE).send("Not found");
      return;
    }
    const path = `/blog/${kind}/${slug}`;
    sendFeed(res, {
      title: `${found.name} | ${siteName} Blog`,
      link: `${siteUrl}${path}`,
      self: `${siteUrl}${path}/rss.xml`,
      description: kind === "category" ? `Articles about ${found.name} from ${siteName}` : `Articles by ${found.name} on the ${siteName} blog`,
      posts: found.posts,
    });
  });

  router.get("/sitemap.xml", async (_req, res) => {
    const [posts, names, pages] = await Promise.all([publishedPostLocations(db), publishedTaxonomyNames(db), sitemapPages(db)]);
    // Each category's and author's page once, whatever spellings of the name share its slug.
    const listPaths = [
      ...new Set([
        ...names.categories.map((name) => categoryPath(name)),
        ...names.authors.map((name) => authorPath(name)),
      ]),
    ].filter((path): path is string => path !== undefined);
    const blogChanged = posts.reduce((latest, post) => (post.updated_at > latest ? post.updated_at : latest), "");
    const entry = (loc: string, lastmod?: string) =>
      `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGE_PATHS.map((path) =>
        entry(pageUrl(siteUrl, path), path === "/blog" && blogChanged ? blogChanged : undefined),
      ),
      // The pages the marketing team edits (decision 197); one of the specification's is listed once.
      ...pages.filter((page) => !(PUBLIC_PAGE_PATHS as readonly string[]).includes(page.path)).map((page) => entry(pageUrl(siteUrl, page.path), page.updated_at)),
      ...listPaths.map((path) => entry(pageUrl(siteUrl, path))),
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
