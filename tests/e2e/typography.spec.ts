import { expect, test } from "./fixtures";

test("the brand face is self-hosted, Latin only, swapped in and preloaded", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  const preload = html.match(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/)?.[0] ?? "";
  expect(preload).toMatch(/href="\/assets\/inter-latin-wght-normal-[\w-]+\.woff2"/);
  expect(preload).toContain('type="font/woff2"');
  expect(preload).toContain('crossorigin="anonymous"');

  await page.goto("/");
  await page.evaluate(() => document.fonts.ready);
  const faces = await page.evaluate(() =>
    Array.from(document.fonts)
      .filter((face) => face.family.replace(/"/g, "") === "Inter Variable")
      .map((face) => ({ status: face.status, display: face.display, weight: face.weight })),
  );
  // One face: the Latin subset, loaded, swapped in.
  expect(faces).toEqual([{ status: "loaded", display: "swap", weight: "100 900" }]);
  const family = await page.locator("h1").evaluate((heading) => getComputedStyle(heading).fontFamily);
  expect(family.startsWith('"Inter Variable", "Inter Fallback"')).toBe(true);
  const font = await request.get(preload.match(/href="([^"]+)"/)![1]!);
  expect(font.status()).toBe(200);
  expect(font.headers()["content-type"]).toBe("font/woff2");
});

test("the swap from the fallback to the brand face shifts nothing", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Hold the font back, so the page first paints with the fallback and then swaps.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.woff2", async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(page.locator("h1")).toBeVisible();
  const before = await page.locator("h1").boundingBox();
  release();
  await page.waitForFunction(() => document.fonts.check('16px "Inter Variable"'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const after = await page.locator("h1").boundingBox();
  expect(after!.height).toBe(before!.height);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  expect(shifts).toBeLessThan(0.01);
});

for (const width of [320, 390, 768, 1024, 1280]) {
  test(`the hero headline ends with more than one word on its last line at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Turn your documents into conversations that teach");
    const lastLineWords = await heading.evaluate((element) => {
      const text = element.firstChild as Text;
      const words = [...text.data.matchAll(/\S+/g)];
      const tops = words.map((word) => {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        return Math.round(range.getBoundingClientRect().top);
      });
      const lastTop = Math.max(...tops);
      return tops.filter((top) => top === lastTop).length;
    });
    expect(lastLineWords).toBeGreaterThan(1);
  });
}
