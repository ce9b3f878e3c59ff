import { PUBLIC_PAGE_PATHS } from "../../domain/public-pages";
import { countTargets, smallTargets, tabThrough } from "../helpers/focus-and-targets";
import { waitForHydration } from "../helpers/hydration";
import { expect, test } from "./fixtures";

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

// Every public page, and the two that are not in the sitemap but anyone may open.
const publicPaths = [...PUBLIC_PAGE_PATHS, "/admin/login", "/no-such-page"];

// The not-found page answers 404, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 404/], reducedMotion: "reduce" });

let articlePath = "";

test.beforeAll(async ({ request }) => {
  const login = await request.post("/api/admin/login", { data: { password: process.env.E2E_ADMIN_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const slug = `focus-article-${Date.now().toString(36)}`;
  const created = await request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: "An article for the focus check",
      slug,
      excerpt: "Tabbed through.",
      content: '<p>Text with <a href="https://example.com">a link</a>.</p>',
      published: true,
      featured: true,
    },
  });
  expect(created.status()).toBe(201);
  articlePath = `/blog/${slug}`;
});

for (const viewport of viewports) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of [...publicPaths, "article"]) {
      test(`tabbing through ${path} shows a focus indicator of at least 3:1 on every stop`, async ({ page }) => {
        await page.goto(path === "article" ? articlePath : path);
        await waitForHydration(page.getByRole("link", { name: "Dialogic home" }));
        const report = await tabThrough(page);
        expect(report.stops.length, "focus stops").toBeGreaterThan(3);
        expect(report.problems).toEqual([]);
      });
    }

    test("every footer link is at least 24 × 24 CSS px", async ({ page }) => {
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      expect(await countTargets(footer)).toBe(5);
      expect(await smallTargets(footer)).toEqual([]);
    });
  });
}

test("the open mobile menu: 44 px rows, at least 24 × 24 targets, and a visible focus on each", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menuButton = page.getByRole("button", { name: "Open menu" });
  await waitForHydration(menuButton);
  expect(await smallTargets(page.getByRole("banner"), { minWidth: 44, minHeight: 44 })).toEqual([]);
  await menuButton.click();
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Request demo" })).toBeVisible();
  expect(await countTargets(banner)).toBeGreaterThanOrEqual(7);
  expect(await smallTargets(banner, { minWidth: 44, minHeight: 44 })).toEqual([]);

  const report = await tabThrough(page);
  const names = report.stops.map((stop) => stop.element);
  for (const label of ["How it works", "Features", "About", "Blog", "Sign in", "Request demo"]) {
    expect(names.some((name) => name.includes(`"${label}`)), label).toBe(true);
  }
  expect(report.problems).toEqual([]);
});

test("the call-to-action band's focus ring is white on indigo", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/features");
  const report = await tabThrough(page);
  const onBand = report.stops.filter((stop) => stop.indicator.includes("255, 255, 255"));
  expect(onBand.length, "stops on the dark band").toBeGreaterThan(0);
  for (const stop of onBand) expect(stop.contrast).toBeGreaterThanOrEqual(3);
});

for (const width of [320, 390, 768, 1024, 1280]) {
  test(`the chart's text on / and /science is at least 12 px at ${width} px wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/", "/science"]) {
      await page.goto(path);
      const chart = page.getByRole("img", { name: /recall/i });
      await chart.scrollIntoViewIfNeeded();
      const sizes = await chart.evaluate(renderedTextSizes);
      expect(sizes.length, `${path} chart texts`).toBeGreaterThan(8);
      for (const size of sizes) expect(size.px, `${path} "${size.text}"`).toBeGreaterThanOrEqual(12);
    }
  });

  test(`every illustration's text is at least 12 px at ${width} px wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/", "/how-it-works", "/solutions", "/features", "/science"]) {
      await page.goto(path);
      const sizes = await page.locator("main").evaluate(renderedTextSizes);
      for (const size of sizes) expect(size.px, `${path} "${size.text}"`).toBeGreaterThanOrEqual(12);
    }
  });
}

/** Runs in the page: every visible text in SVG and HTML under `root`, at its rendered size. */
function renderedTextSizes(root: Element) {
  const sizes: { text: string; px: number }[] = [];
  for (const text of Array.from(root.querySelectorAll<SVGTextElement>("svg text"))) {
    const matrix = text.getScreenCTM();
    if (!matrix || text.getClientRects().length === 0) continue;
    const scale = Math.hypot(matrix.a, matrix.b);
    sizes.push({ text: text.textContent ?? "", px: Math.round(parseFloat(getComputedStyle(text).fontSize) * scale * 10) / 10 });
  }
  if (root.getAttribute("role") === "img") {
    for (const node of Array.from(root.querySelectorAll<HTMLElement>("span, p, li"))) {
      if (node.children.length > 0 || !node.textContent?.trim() || node.getClientRects().length === 0) continue;
      sizes.push({ text: node.textContent, px: parseFloat(getComputedStyle(node).fontSize) });
    }
  }
  return sizes;
}
