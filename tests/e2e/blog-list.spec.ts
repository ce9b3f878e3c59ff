import { expect } from "./fixtures";
import { seedPosts, testWithOwnServer as test, withDatabase } from "./blog-data";

// These tests each start a server of their own with an empty database (tests/helpers/built-server.ts):
// the list's exact content, its empty state and its failure cannot be shown on the shared server
// while other tests add posts to it.

const day = (date: number) => new Date(Date.UTC(2026, 2, date, 9)).toISOString();

test("featured posts lead under 'Featured Articles'; the others follow under 'Latest articles'", async ({
  page,
  ownServer,
}) => {
  await seedPosts(ownServer.dataDir, [
    {
      title: "Featured conversation design",
      slug: "featured-conversation-design",
      category: "AI & Education",
      excerpt: "Why conversation beats slides.",
      author_name: "Dana Reyes",
      read_time: "8 min read",
      featured: true,
      featured_image_url: `${ownServer.url}/social-card.png`,
      createdAt: day(3),
    },
    { title: "Onboarding checklist", slug: "onboarding-checklist", category: "Training", createdAt: day(2) },
    { title: "Quantum notes", slug: "quantum-notes", category: "Quantum", createdAt: day(1) },
    { title: "Secret draft", slug: "secret-draft", published: false, createdAt: day(4) },
  ]);
  const response = await page.goto(`${ownServer.url}/blog`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI training insights");

  const featured = page.getByRole("region", { name: "Featured Articles" });
  const latest = page.getByRole("region", { name: "Latest articles" });
  await expect(featured.getByRole("article")).toHaveCount(1);
  await expect(latest.getByRole("article")).toHaveCount(2);
  await expect(latest.getByRole("heading", { level: 3 })).toHaveText(["Onboarding checklist", "Quantum notes"]);
  await expect(page.getByText("Secret draft")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "All articles" })).toHaveCount(0);

  // Every part of a card.
  const card = featured.getByRole("article");
  // Decorative in the card (its title says what it is), so it has no name of its own.
  await expect(card.locator("img")).toHaveAttribute("src", `${ownServer.url}/social-card.png`);
  await expect(card.getByText("AI & Education", { exact: true })).toBeVisible();
  await expect(card.locator("time")).toHaveText("March 3, 2026");
  await expect(card.getByText("8 min read")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Featured conversation design" })).toBeVisible();
  await expect(card.getByText("Why conversation beats slides.")).toBeVisible();
  await expect(card.getByText("Dana Reyes")).toBeVisible();
  await expect(card.getByRole("link", { name: "Explore AI insights: Featured conversation design" })).toHaveAttribute(
    "href",
    "/blog/featured-conversation-design",
  );

  // A post without an image shows the placeholder; link labels follow the category.
  const training = latest.getByRole("article").filter({ hasText: "Onboarding checklist" });
  const placeholder = training.locator("img");
  await expect(placeholder).toHaveAttribute("src", "/blog-placeholder.svg");
  await expect.poll(() => placeholder.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
  await expect(training.getByRole("link", { name: "Read the training guide: Onboarding checklist" })).toBeVisible();
  const other = latest.getByRole("article").filter({ hasText: "Quantum notes" });
  await expect(other.getByRole("link", { name: "Read More: Quantum notes" })).toBeVisible();

  // The card leads to its article.
  await training.getByRole("link", { name: "Read the training guide: Onboarding checklist" }).click();
  await expect(page).toHaveURL(`${ownServer.url}/blog/onboarding-checklist`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Onboarding checklist");
});

test("every category named in the specification has its own link label", async ({ page, ownServer }) => {
  const labels: [string, string][] = [
    ["AI & Education", "Explore AI insights"],
    ["Training", "Read the training guide"],
    ["Assessment", "See how we measure"],
    ["Technology", "Explore the technology"],
    ["Research", "Read the research"],
    ["General", "Read the article"],
    ["Case Study", "Read More"],
  ];
  await seedPosts(
    ownServer.dataDir,
    labels.map(([category], index) => ({ title: `Post about ${category}`, slug: `post-${index}`, category })),
  );
  await page.goto(`${ownServer.url}/blog`);
  for (const [category, label] of labels) {
    await expect(page.getByRole("link", { name: `${label}: Post about ${category}` })).toBeVisible();
  }
});

test("without featured posts the list is titled 'All articles', in 1, 2 or 3 columns by width", async ({
  page,
  ownServer,
}) => {
  await seedPosts(
    ownServer.dataDir,
    [1, 2, 3, 4].map((index) => ({ title: `Plain post ${index}`, slug: `plain-post-${index}`, createdAt: day(index) })),
  );
  await page.goto(`${ownServer.url}/blog`);
  await expect(page.getByRole("heading", { name: "Featured Articles" })).toHaveCount(0);
  const list = page.getByRole("region", { name: "All articles" });
  await expect(list.getByRole("heading", { level: 3 })).toHaveText([
    "Plain post 4",
    "Plain post 3",
    "Plain post 2",
    "Plain post 1",
  ]);
  const columns = () =>
    list.getByRole("list").evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
  for (const [width, expected] of [
    [390, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(columns, { message: `${width} px wide` }).toBe(expected);
  }
  // The first row's pictures load with the page; the ones below wait until scrolled near.
  const pictures = list.locator("article img");
  await expect(pictures).toHaveCount(4);
  const loading = await pictures.evaluateAll((images) => images.map((image) => image.getAttribute("loading")));
  expect(loading).toEqual([null, null, null, "lazy"]);
});

test("an empty blog says so", async ({ page, ownServer }) => {
  await page.goto(`${ownServer.url}/blog`);
  await expect(page.getByText("No blog posts available yet. Check back soon!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(0);
  await expect(page.locator("body")).toHaveAttribute("data-prerender-ready", "true");
});

test.describe("when the database fails", () => {
  // The browser logs the document's 503 status itself.
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test("the list shows its error state and answers 503", async ({ page, ownServer }) => {
    await seedPosts(ownServer.dataDir, [{ title: "Soon unreachable", slug: "soon-unreachable" }]);
    // A real failure, no mock: the posts table disappears under the running server.
    await withDatabase(ownServer.dataDir, (db) => db.schema.dropTable("blog_posts").execute());
    const response = await page.goto(`${ownServer.url}/blog`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("alert")).toHaveText("Error loading blog posts. Please try again later.");
    await expect(page.getByText("Soon unreachable")).toHaveCount(0);
  });
});

test("more posts than a page holds get page links; the list shows a loading state between pages", async ({
  page,
  ownServer,
}) => {
  // 27 posts: pages of 12, 12 and 3, newest first.
  await seedPosts(
    ownServer.dataDir,
    Array.from({ length: 27 }, (_, index) => ({
      title: `Paged post ${String(index + 1).padStart(2, "0")}`,
      slug: `paged-post-${index + 1}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, index)).toISOString(),
    })),
  );
  await page.goto(`${ownServer.url}/blog`);
  const titles = page.getByRole("region", { name: "All articles" }).getByRole("heading", { level: 3 });
  await expect(titles).toHaveCount(12);
  await expect(titles.first()).toHaveText("Paged post 27");
  await expect(titles.last()).toHaveText("Paged post 16");

  const pages = page.getByRole("navigation", { name: "Blog pages" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(`${ownServer.url}/blog?page=2`);
  await expect(titles.first()).toHaveText("Paged post 15");
  await expect(titles.last()).toHaveText("Paged post 04");
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  // Hold the next page's data until the loading state has been seen, then let it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".data") && url.searchParams.get("page") === "3",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await pages.getByRole("link", { name: "Page 3" }).click();
  await expect(page.getByRole("status")).toHaveText("Loading blog posts...");
  release();
  await expect(titles).toHaveText(["Paged post 03", "Paged post 02", "Paged post 01"]);
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(`${ownServer.url}/blog?page=2`);

  // Page 1 has one address, and past the last page there is nothing.
  await page.goto(`${ownServer.url}/blog?page=1`);
  await expect(page).toHaveURL(`${ownServer.url}/blog`);
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveAttribute("href", `${ownServer.url}/blog`);
  await page.goto(`${ownServer.url}/blog?page=2`);
  await expect(canonical).toHaveAttribute("href", `${ownServer.url}/blog?page=2`);
});

test.describe("past the last page", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("answers 404 with the not-found page", async ({ page, ownServer }) => {
    await seedPosts(ownServer.dataDir, [{ title: "Only post", slug: "only-post" }]);
    const response = await page.goto(`${ownServer.url}/blog?page=2`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
  });
});
