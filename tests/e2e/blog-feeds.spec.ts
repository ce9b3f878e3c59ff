import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { seedPosts, testWithOwnServer as test } from "./blog-data";

// A server of its own, so the feeds hold exactly this test's posts.

/** Fetches an XML document in the page and parses it with the browser's own XML parser. */
async function parsedXml(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const document = new DOMParser().parseFromString(await response.text(), "application/xml");
    const error = document.querySelector("parsererror");
    const text = (element: Element, name: string) => element.getElementsByTagName(name)[0]?.textContent ?? null;
    return {
      contentType: response.headers.get("content-type"),
      parseError: error?.textContent ?? null,
      root: document.documentElement.nodeName,
      rootNamespace: document.documentElement.namespaceURI,
      version: document.documentElement.getAttribute("version"),
      channelLink: document.querySelector("channel > link")?.textContent ?? null,
      items: [...document.getElementsByTagName("item")].map((item) => ({
        title: text(item, "title"),
        link: text(item, "link"),
        guid: text(item, "guid"),
        pubDate: text(item, "pubDate"),
        category: text(item, "category"),
      })),
      urls: [...document.getElementsByTagName("url")].map((url) => ({
        loc: text(url, "loc"),
        lastmod: text(url, "lastmod"),
      })),
    };
  }, path);
}

test("the RSS feed is valid XML with absolute links to the published posts only", async ({ page, ownServer }) => {
  await seedPosts(ownServer.dataDir, [
    { title: "Older & <wiser>", slug: "older-and-wiser", category: "AI & Education", createdAt: "2026-02-01T08:00:00.000Z" },
    { title: "Newer post", slug: "newer-post", createdAt: "2026-02-02T08:00:00.000Z" },
    { title: "Hidden draft", slug: "hidden-draft", published: false, createdAt: "2026-02-03T08:00:00.000Z" },
  ]);
  await page.goto(`${ownServer.url}/blog`);
  const feed = await parsedXml(page, "/rss.xml");
  expect(feed.parseError).toBeNull();
  expect(feed.contentType).toBe("application/rss+xml; charset=utf-8");
  expect(feed.root).toBe("rss");
  expect(feed.version).toBe("2.0");
  expect(feed.channelLink).toBe(`${ownServer.url}/blog`);
  expect(feed.items).toEqual([
    {
      title: "Newer post",
      link: `${ownServer.url}/blog/newer-post`,
      guid: `${ownServer.url}/blog/newer-post`,
      pubDate: "Mon, 02 Feb 2026 08:00:00 GMT",
      category: "General",
    },
    {
      title: "Older & <wiser>",
      link: `${ownServer.url}/blog/older-and-wiser`,
      guid: `${ownServer.url}/blog/older-and-wiser`,
      pubDate: "Sun, 01 Feb 2026 08:00:00 GMT",
      category: "AI & Education",
    },
  ]);
});

test("the sitemap is valid XML listing every public page and published post, never /admin", async ({
  page,
  ownServer,
}) => {
  const [published] = await seedPosts(ownServer.dataDir, [
    { title: "Listed post", slug: "listed-post" },
    { title: "Unlisted draft", slug: "unlisted-draft", published: false },
  ]);
  await page.goto(`${ownServer.url}/blog`);
  const sitemap = await parsedXml(page, "/sitemap.xml");
  expect(sitemap.parseError).toBeNull();
  expect(sitemap.root).toBe("urlset");
  expect(sitemap.rootNamespace).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  const locations = sitemap.urls.map((url) => url.loc);
  const pages = ["", "/solutions", "/how-it-works", "/features", "/science", "/about", "/contact", "/support", "/security", "/security/submit", "/security/acknowledgments", "/blog", "/privacy", "/terms"];
  // The pages of the published post's category and author (decision 157), then the post.
  const lists = ["/blog/category/general", "/blog/author/admin"];
  expect(locations).toEqual([...[...pages, ...lists].map((path) => `${ownServer.url}${path || "/"}`), `${ownServer.url}/blog/listed-post`]);
  expect(sitemap.urls.at(-1)?.lastmod).toBe(published?.updated_at);
  expect(locations.some((location) => new URL(location!).pathname.startsWith("/admin"))).toBe(false);

  // Every listed page answers.
  for (const location of locations) {
    const response = await page.request.get(location!);
    expect(response.status(), location!).toBe(200);
  }

  const robots = await page.request.get(`${ownServer.url}/robots.txt`);
  const text = await robots.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toContain(`Sitemap: ${ownServer.url}/sitemap.xml`);
});
