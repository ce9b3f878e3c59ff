import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { createPost } from "./posts.server";
import { escapeXml, feedsRouter } from "./feeds-api.server";
import { createPage, publishPage } from "../pages/site-pages.server";

const SITE_URL = "https://www.dialogic.example";

describe("escapeXml", () => {
  test("escapes the five special characters and drops characters XML forbids", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>\u0000\u0008\u001f`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
    expect(escapeXml("tab\tline\nemoji 🎓")).toBe("tab\tline\nemoji 🎓");
  });
});

describe.each(testDatabaseKinds)("feeds on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, url } = await server.start({ env: { SITE_URL }, mountAt: "/", routers: (services) => [feedsRouter(services)] });
    return { db, get: (path: string) => fetch(`${url}${path}`) };
  }

  test("the RSS feed lists published posts with absolute links and escaped text", async () => {
    const { db, get } = await start();
    await createPost(db, { title: "Draft <b>", slug: "draft" });
    await createPost(db, {
      title: `Tom & Jerry's "guide" <to> AI`,
      slug: "tom-and-jerry",
      excerpt: "Less than < more than >",
      category: "AI & Education",
      author_name: "Ada & Co",
      published: true,
    });
    const response = await get("/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain(`<link>${SITE_URL}/blog</link>`);
    expect(xml).toContain(`<atom:link href="${SITE_URL}/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml).toContain("<title>Tom &amp; Jerry&apos;s &quot;guide&quot; &lt;to&gt; AI</title>");
    expect(xml).toContain(`<link>${SITE_URL}/blog/tom-and-jerry</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">${SITE_URL}/blog/tom-and-jerry</guid>`);
    expect(xml).toContain("<description>Less than &lt; more than &gt;</description>");
    expect(xml).toContain("<category>AI &amp; Education</category>");
    expect(xml).toContain("<dc:creator>Ada &amp; Co</dc:creator>");
    expect(xml).toMatch(/<pubDate>\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT<\/pubDate>/);
    expect(xml).not.toContain("draft");
    expect(xml.match(/<item>/g)).toHaveLength(1);
  });

  test("the sitemap lists every public page and every published post with its last change, never /admin", async () => {
    const { db, get } = await start();
    await createPost(db, { title: "Draft", slug: "draft" });
    const live = await createPost(db, { title: "Live", slug: "live", published: true });
    const response = await get("/sitemap.xml");
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ["/", "/contact", "/support", "/security", "/security/submit", "/privacy", "/terms", "/about", "/solutions", "/blog"]) {
      expect(locations).toContain(path === "/" ? `${SITE_URL}/` : `${SITE_URL}${path}`);
    }
    expect(locations).toContain(`${SITE_URL}/blog/live`);
    expect(locations).not.toContain(`${SITE_URL}/blog/draft`);
    // The admin area is never listed (an author named "Admin" has a page at /blog/author/admin).
    expect(locations.some((location) => new URL(location!).pathname.startsWith("/admin"))).toBe(false);
    // Category and author pages of published posts only.
    expect(locations).toContain(`${SITE_URL}/blog/category/general`);
    expect(locations).toContain(`${SITE_URL}/blog/author/admin`);
    if (!live.ok) throw new Error("not created");
    expect(xml).toContain(`<url><loc>${SITE_URL}/blog/live</loc><lastmod>${live.post.updated_at}</lastmod></url>`);
  });

  test("the sitemap lists the live pages the team edits, not drafts or noindex ones, from the moment they change", async () => {
    const { db, get } = await start();
    const locations = async () => [...(await (await get("/sitemap.xml")).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const page = async (path: string, noindex = false) => {
      const created = await createPage(db, { path, title: path, seo: { noindex } });
      if (!created.ok) throw new Error(created.error);
      return created.page.id;
    };
    const webinar = await page("/webinar");
    await page("/draft-offer");
    await publishPage(db, await page("/hidden-offer", true), {});
    expect(await locations()).not.toContain(`${SITE_URL}/webinar`);
    await publishPage(db, webinar, {});
    const listed = await locations();
    expect(listed).toContain(`${SITE_URL}/webinar`);
    expect(listed).not.toContain(`${SITE_URL}/draft-offer`);
    expect(listed).not.toContain(`${SITE_URL}/hidden-offer`);
  });

  test("a category's and an author's feeds list their published posts; an unknown one is 404", async () => {
    const { db, get } = await start();
    await createPost(db, { title: "In <Research>", slug: "in-research", published: true, category: "Research & Data", author_name: "Ana Li" });
    await createPost(db, { title: "Draft", slug: "draft", category: "Research & Data", author_name: "Ana Li" });
    await createPost(db, { title: "Other", slug: "other", published: true, category: "General" });
    const category = await get("/blog/category/research-data/rss.xml");
    expect(category.status).toBe(200);
    const xml = await category.text();
    expect(xml).toContain("<title>Research &amp; Data | ");
    expect(xml).toContain("<title>In &lt;Research&gt;</title>");
    expect(xml).not.toContain("Draft");
    expect(xml).not.toContain("Other");
    expect(xml).toContain(`<atom:link href="${SITE_URL}/blog/category/research-data/rss.xml"`);
    expect(await (await get("/blog/author/ana-li/rss.xml")).text()).toContain("/blog/in-research");
    expect((await get("/blog/category/nothing/rss.xml")).status).toBe(404);
  });

  test("robots.txt points at the sitemap and keeps crawlers out of /admin", async () => {
    const { get } = await start();
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain("User-agent: *\n");
    expect(text).toContain("Disallow: /admin\n");
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml\n`);
  });
});
