import { expect, test } from "./fixtures";
import { seedPosts, sharedDataDir, uniqueSlug } from "./blog-data";

test("an article shows every element, with metadata and structured data from the post", async ({ page, baseURL }) => {
  const slug = uniqueSlug("full-article");
  const title = `Measuring what people understand ${slug}`;
  await seedPosts(sharedDataDir(), [
    {
      title,
      slug,
      category: "Research",
      excerpt: "Completion rates hide what people really learned.",
      author_name: "Priya Natarajan",
      author_bio: "Learning scientist at Dialogic",
      author_avatar_url: `${baseURL}/favicon.svg`,
      author_linkedin_url: "https://www.linkedin.com/in/priya-example",
      featured_image_url: `${baseURL}/social-card.png`,
      read_time: "9 min read",
      createdAt: "2026-01-15T10:00:00.000Z",
      content:
        '<h2>Beyond completion</h2><p>A <strong>completed</strong> course is not an <em>understood</em> one.</p><ul><li>Ask</li><li>Listen</li></ul><blockquote>Talk it through.</blockquote><p class="ql-align-center">Centred</p><pre>npm test</pre>',
    },
  ]);
  const response = await page.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(200);

  const breadcrumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(breadcrumbs.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(breadcrumbs.getByText(title)).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");

  const header = page.getByRole("article").locator("header");
  await expect(header.getByText("Research", { exact: true })).toBeVisible();
  await expect(header.locator("time")).toHaveText("January 15, 2026");
  await expect(header.getByText("9 min read")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(header.getByText("Priya Natarajan")).toHaveCount(2);
  await expect(header.locator("img")).toHaveAttribute("src", `${baseURL}/favicon.svg`);
  await expect(header.getByText("Learning scientist at Dialogic")).toBeVisible();
  const profile = header.getByRole("link", { name: "View LinkedIn profile (opens in a new tab)" });
  await expect(profile).toHaveAttribute("href", "https://www.linkedin.com/in/priya-example");
  await expect(profile).toHaveAttribute("target", "_blank");
  await expect(profile).toHaveAttribute("rel", "noopener noreferrer");
  await expect(header.getByRole("button", { name: "Share" })).toBeVisible();
  await expect(page.getByRole("img", { name: title })).toHaveAttribute("src", `${baseURL}/social-card.png`);

  const body = page.locator(".article-body");
  await expect(body.getByRole("heading", { level: 2, name: "Beyond completion" })).toBeVisible();
  await expect(body.locator("strong")).toHaveText("completed");
  await expect(body.getByRole("listitem")).toHaveText(["Ask", "Listen"]);
  await expect(body.locator("blockquote")).toHaveText("Talk it through.");
  await expect(body.getByText("Centred")).toHaveCSS("text-align", "center");
  await expect(body.locator("pre")).toHaveText("npm test");

  await expect(page.getByRole("heading", { name: "Ready to transform your learning?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/#contact");
  await expect(page.locator("body")).toHaveAttribute("data-prerender-ready", "true");

  // Metadata from the post.
  const url = `${baseURL}/blog/${slug}`;
  await expect(page).toHaveTitle(`${title} | Dialogic`);
  const meta = (selector: string) => page.locator(`head ${selector}`);
  await expect(meta('meta[name="description"]')).toHaveAttribute("content", "Completion rates hide what people really learned.");
  await expect(meta('link[rel="canonical"]')).toHaveAttribute("href", url);
  await expect(meta('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(meta('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/social-card.png`);
  await expect(meta('meta[property="article:published_time"]')).toHaveAttribute("content", "2026-01-15T10:00:00.000Z");
  await expect(meta('meta[property="article:author"]')).toHaveAttribute("content", "Priya Natarajan");
  await expect(meta('meta[property="article:section"]')).toHaveAttribute("content", "Research");

  const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  const posting = structured.find((data) => data["@type"] === "BlogPosting");
  expect(posting).toMatchObject({
    headline: title,
    description: "Completion rates hide what people really learned.",
    datePublished: "2026-01-15T10:00:00.000Z",
    articleSection: "Research",
    author: { "@type": "Person", name: "Priya Natarajan" },
    image: [`${baseURL}/social-card.png`],
    mainEntityOfPage: { "@id": url },
  });
  const breadcrumbList = structured.find((data) => data["@type"] === "BreadcrumbList");
  expect(breadcrumbList).toMatchObject({
    itemListElement: [
      { position: 1, name: "Home", item: `${baseURL}/` },
      { position: 2, name: "Blog", item: `${baseURL}/blog` },
      { position: 3, name: title, item: url },
    ],
  });
});

test("without the optional fields: avatar placeholder, bio 'Content Creator', no profile link, no image", async ({
  page,
}) => {
  const slug = uniqueSlug("plain-article");
  await seedPosts(sharedDataDir(), [{ title: `Plain ${slug}`, slug, author_bio: "", content: "<p>Short.</p>" }]);
  await page.goto(`/blog/${slug}`);
  const header = page.getByRole("article").locator("header");
  await expect(header.locator("img")).toHaveAttribute("src", "/avatar-placeholder.svg");
  await expect(header.getByText("Content Creator")).toBeVisible();
  // No profile link: the only links are to the category's and the author's pages (decision 157).
  await expect(header.getByRole("link")).toHaveText(["General", "Admin"]);
  await expect(header.getByRole("link", { name: "View LinkedIn profile" })).toHaveCount(0);
  await expect(page.getByRole("img", { name: `Plain ${slug}` })).toHaveCount(0);
  // No image of its own: its generated social card (decision 160), not the site's.
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`/media/cards/${slug}/[0-9a-f]{64}\\.png$`));
});

test("Share copies the page address when the device has no share feature", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const slug = uniqueSlug("shared-article");
  await seedPosts(sharedDataDir(), [{ title: `Share me ${slug}`, slug }]);
  await page.goto(`/blog/${slug}`);
  // This browser offers no device share, so the clipboard is the way.
  expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  await expect(page.getByText("Post URL copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${slug}`);
});

test("a link from the list opens the article and 'Back to Blog' returns", async ({ page }) => {
  const slug = uniqueSlug("round-trip");
  const title = `Round trip ${slug}`;
  await seedPosts(sharedDataDir(), [{ title, slug }]);
  await page.goto(`/blog/${slug}`);
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI training insights");
});

test.describe("a post that is not published", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("a draft answers 404 'Post Not Found' with a way back to the blog", async ({ page }) => {
    const slug = uniqueSlug("draft-article");
    await seedPosts(sharedDataDir(), [{ title: `Draft ${slug}`, slug, published: false, content: "<p>Secret</p>" }]);
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
    await expect(page.getByText("Secret")).toHaveCount(0);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("a missing slug answers 404 'Post Not Found'", async ({ page }) => {
    const response = await page.goto(`/blog/${uniqueSlug("never-written")}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });

  test("the API answers 404 for it too, and lists published posts only", async ({ request }) => {
    const draft = uniqueSlug("api-draft");
    const live = uniqueSlug("api-live");
    await seedPosts(sharedDataDir(), [
      { title: "API draft", slug: draft, published: false },
      { title: "API live", slug: live },
    ]);
    const missing = await request.get(`/api/posts/${draft}`);
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: "Post Not Found" });
    const found = await request.get(`/api/posts/${live}`);
    expect(await found.json()).toMatchObject({ slug: live, title: "API live" });
    const list = (await (await request.get("/api/posts")).json()) as { posts: { slug: string }[] };
    expect(list.posts.map((post) => post.slug)).not.toContain(draft);
  });
});
