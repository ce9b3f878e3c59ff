import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The specification's pages, seeded as edited pages (docs/decisions/199), show what the code
 * pages showed: the same visible text, headings, link and button names, metadata and structured
 * data. The fixture was recorded from the code pages before they were switched; record it again
 * with SPECIFICATION_PAGES_SNAPSHOT=write (only when a page's specified copy changes).
 */

const FIXTURE = path.join(import.meta.dirname, "../fixtures/specification-pages-before.json");
const PATHS = ["/", "/solutions", "/how-it-works", "/features", "/science", "/about", "/contact", "/support", "/privacy", "/terms", "/security"];
const writing = process.env.SPECIFICATION_PAGES_SNAPSHOT === "write";

type PageSnapshot = {
  text: string;
  head: { title: string; meta: Record<string, string>; canonical: string | null; jsonLd: unknown[] };
  headings: string[];
  mainControls: string[];
};

/** Origin-free and date-free: the test server's port and today's date (the security policy's) differ between runs. */
function normalize(value: string, origin: string, today: string): string {
  return value.split(origin).join("{origin}").split(today).join("{today}");
}

async function snapshot(page: Page, origin: string): Promise<PageSnapshot> {
  const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date());
  const raw = await page.evaluate(() => {
    const meta: Record<string, string> = {};
    for (const element of document.head.querySelectorAll("meta[name], meta[property]")) {
      meta[element.getAttribute("name") ?? element.getAttribute("property") ?? ""] = element.getAttribute("content") ?? "";
    }
    return {
      text: document.body.innerText,
      title: document.title,
      meta,
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? ""),
    };
  });
  const body = await page.locator("body").ariaSnapshot();
  const main = await page.locator("main").ariaSnapshot();
  const clean = (value: string) => normalize(value, origin, today);
  return {
    text: clean(raw.text),
    head: {
      title: raw.title,
      meta: Object.fromEntries(Object.entries(raw.meta).map(([key, value]) => [key, clean(value)])),
      canonical: raw.canonical === null ? null : clean(raw.canonical),
      jsonLd: raw.jsonLd.map((json) => JSON.parse(clean(json)) as unknown),
    },
    headings: [...body.matchAll(/- heading "((?:[^"\\]|\\.)*)" \[level=([1-3])\]/g)].map((match) => `h${match[2]} ${clean(match[1] ?? "")}`),
    mainControls: [...main.matchAll(/- (link|button) "((?:[^"\\]|\\.)*)"/g)].map((match) => `${match[1]} ${clean(match[2] ?? "")}`),
  };
}

test.describe.configure({ mode: writing ? "serial" : "parallel" });

const recorded: Record<string, PageSnapshot> = writing ? {} : (JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, PageSnapshot>);

for (const pagePath of PATHS) {
  test(`${pagePath} shows the text, headings, controls and metadata it showed as a code page`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const response = await page.goto(pagePath);
    expect(response?.status()).toBe(200);
    // The parts whose code loads apart (illustrations, interactive blocks) have settled.
    await page.waitForLoadState("networkidle");
    const now = await snapshot(page, new URL(baseURL!).origin);
    if (writing) {
      const all = (() => {
        try {
          return JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, PageSnapshot>;
        } catch {
          return {} as Record<string, PageSnapshot>;
        }
      })();
      all[pagePath] = now;
      writeFileSync(FIXTURE, `${JSON.stringify(Object.fromEntries(PATHS.filter((p) => all[p]).map((p) => [p, all[p]])), null, 2)}\n`);
      return;
    }
    const before = recorded[pagePath];
    if (!before) throw new Error(`No recorded snapshot of ${pagePath}`);
    expect(now.head).toEqual(before.head);
    expect(now.headings).toEqual(before.headings);
    expect(now.mainControls).toEqual(before.mainControls);
    expect(now.text).toBe(before.text);
  });
}
