/**
 * `npm run lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G
 * connection, simulated) on the specification's marketing pages, a landing page built from one
 * block of every type (its pictures real uploads), /blog, an article built from
 * tests/fixtures/article-30k.json, /security/submit, /blog/search (the form and a page of results)
 * and a category page of the built site, in Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium; nothing is downloaded). Builds nothing: run `npm run build` first. Prints the
 * four category scores of each page; `npm run lighthouse -- /every-block /about` audits only the
 * pages named. `npm run lighthouse -- --save DIR` also writes each page's whole report to DIR as
 * JSON, to see what lies behind a score. `--runs 5` audits each page five times and shows the
 * run with the median performance score (Lighthouse's advice where timings vary).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { cleanArticleHtml } from "../server/blog/article-html.server";
import { indexPost } from "../server/search/post-search.server";
import { createDatabase } from "../server/db/database.server";
import { migrateToLatest } from "../server/db/migrate.server";
import { saveForm } from "../server/forms/forms.server";
import { startBuiltServer } from "../tests/helpers/built-server";
import { everyBlockWithUploads } from "../tests/helpers/every-block";
import { seedPages } from "../tests/e2e/page-data";
import { ARTICLE_SLUG, article, samplePostRow } from "./sample-posts";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const saveArgument = process.argv.indexOf("--save");
const REPORT_DIR = saveArgument === -1 ? undefined : process.argv[saveArgument + 1];
/** Addresses named on the command line (`npm run lighthouse -- /every-block /blog`) in place of them all. */
const NAMED_PAGES = process.argv.slice(2).filter((argument, index, all) => argument.startsWith("/") && all[index - 1] !== "--save" && all[index - 1] !== "--runs");

const SPECIFICATION_PAGES = ["/", "/solutions", "/how-it-works", "/features", "/science", "/about", "/contact", "/support", "/privacy", "/terms", "/security"];
const LANDING_PAGE = "/every-block";
/** A landing page as a marketer builds one for a webinar: a hero, a paragraph and its form. */
const WEBINAR_PAGE = "/webinar";
const runsArgument = process.argv.indexOf("--runs");
/** Audits of each page (`--runs 5`); the run with the median performance score is shown, as Lighthouse advises for noisy machines. */
const RUNS = runsArgument === -1 ? 1 : Math.max(1, Number(process.argv[runsArgument + 1]) || 1);

async function seedSite(dataDir: string): Promise<void> {
  const db = createDatabase({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  let blocks;
  try {
    await migrateToLatest(db);
    const post = samplePostRow({
      slug: ARTICLE_SLUG,
      title: article.title,
      content: cleanArticleHtml(article.html),
      category: "Research",
      featured: false,
      createdAt: new Date().toISOString(),
    });
    await db.insertInto("blog_posts").values(post).execute();
    await indexPost(db, post);
    // The form block shows a real form: the webinar registration the team would build.
    const form = await saveForm(db, {
      name: "Spring webinar",
      fields: [
        { name: "name", label: "Name", type: "text", required: true },
        { name: "email", label: "Work email", type: "email", required: true },
        { name: "company", label: "Company", type: "text", required: false },
        { name: "consent", label: "I agree to be contacted about the webinar", type: "consent", required: true },
      ],
      submit_label: "Register",
      success_message: "You are registered: the link is on its way.",
    });
    if (!form.ok) throw new Error("The webinar form was refused");
    blocks = (await everyBlockWithUploads(db)).map((block) => (block.type === "form" ? { ...block, form_id: form.form.id } : block));
  } finally {
    await db.destroy();
  }
  const webinar = blocks.filter((block) => ["hero", "intro", "webinar-form"].includes(block.id));
  await seedPages(dataDir, [
    { path: LANDING_PAGE, title: "Every block", blocks, seo: { title: "Spring webinar", description: "Onboard new sellers in weeks: the spring webinar." } },
    { path: WEBINAR_PAGE, title: "Spring webinar", blocks: webinar, seo: { title: "Spring webinar", description: "Onboard new sellers in weeks: a live webinar with questions." } },
  ]);
}

async function main(): Promise<void> {
  if (!existsSync("build/server.js")) {
    console.error("Lighthouse measures the built site and builds nothing itself: run `npm run build` first.");
    process.exit(1);
  }
  if (!existsSync(CHROME_PATH)) {
    console.error(`No Chromium at ${CHROME_PATH}: install Debian's (apt-get install chromium) or set CHROME_PATH.`);
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialogic-lighthouse-"));
  await seedSite(dataDir);
  const server = await startBuiltServer({ dataDir });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    // A search page (the form, and a result page, which is noindex by design: Lighthouse's SEO
    // audit "is-crawlable" counts that against it) and a category page (decisions 156, 157).
    const everyPage = [...SPECIFICATION_PAGES, LANDING_PAGE, WEBINAR_PAGE, "/blog", `/blog/${ARTICLE_SLUG}`, "/security/submit", "/blog/search", "/blog/search?q=budget", "/blog/category/research"];
    const pages = NAMED_PAGES.length > 0 ? NAMED_PAGES : everyPage;
    const rows: string[][] = [];
    for (const page of pages) {
      const result = await medianAudit(`${server.url}${page}`, chrome.port);
      if (REPORT_DIR) {
        mkdirSync(REPORT_DIR, { recursive: true });
        const name = page.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home";
        writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
      }
      const { categories, audits } = result.lhr;
      rows.push([page, ...CATEGORIES.map((id) => String(Math.round((categories[id]?.score ?? 0) * 100)))]);
      // Whatever kept a category under 100, so the reason is printed with the score.
      for (const id of CATEGORIES) {
        const category = categories[id];
        if (!category || category.score === 1) continue;
        const failing = category.auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`);
        console.log(`  ${page} ${id}: ${failing.join(", ") || "no weighted audit below 1"}`);
      }
    }
    const header = ["page", ...CATEGORIES];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
    console.log(`\nLighthouse ${lighthouseVersion()} mobile, ${CHROME_PATH}:\n`);
    console.log(line(header));
    console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
    for (const row of rows) console.log(line(row));
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** RUNS audits of the page; the one whose performance score is the median (the middle one). */
async function medianAudit(url: string, port: number) {
  const results: Awaited<ReturnType<typeof audit>>[] = [];
  for (let run = 0; run < RUNS; run += 1) results.push(await audit(url, port));
  const performance = (result: Awaited<ReturnType<typeof audit>>) => result.lhr.categories.performance?.score ?? 0;
  results.sort((a, b) => performance(a) - performance(b));
  if (RUNS > 1) console.log(`  ${new URL(url).pathname} performance over ${RUNS} runs: ${results.map((result) => Math.round(performance(result) * 100)).join(", ")}`);
  return results[Math.floor(results.length / 2)]!;
}

/** Tries that Lighthouse may need: Chromium's trace now and then misses its navigation start. */
const ATTEMPTS = 3;

async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse failed on ${url}: ${failure.message}`);
    console.log(`  ${url}: ${failure.code}, trying again`);
  }
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(path.resolve("node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version;
}

await main();
