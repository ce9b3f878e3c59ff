/**
 * `npm run bench`: is the blog as fast with 10,000 posts as with 10?
 *
 * Needs `npm run build` first (it measures the built site, as `npm start` serves it). For each
 * size it fills a fresh SQLite database (one transaction; every post carries the 30 KB article of
 * tests/fixtures/article-30k.json) and starts `node build/server.js` on it, on a free loopback
 * port. Then, page by page (the blog list, its middle page, an article), it warms both servers up
 * and sends each a fixed number of requests at a fixed concurrency from Node's fetch, the two
 * taking turns in short rounds. It prints requests per second and p50/p95 latency, then the
 * 10,000/10 ratios, and stops its servers and removes its files.
 */
import crypto from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BLOG_PAGE_SIZE, FEATURED_POSTS_LIMIT } from "../domain/blog";
import { cleanArticleHtml } from "../server/blog/article-html.server";
import { createDatabase } from "../server/db/database.server";
import { migrateToLatest } from "../server/db/migrate.server";
import { startBuiltServer } from "../tests/helpers/built-server";

const SIZES = [10, 10_000] as const;
const WARMUP_REQUESTS = 60;
const MEASURED_REQUESTS = 400;
/** The measured requests of each server are sent in this many alternating rounds. */
const ROUNDS = 8;
const CONCURRENCY = 8;
const FEATURED_POSTS = 3;
const CATEGORIES = ["AI & Education", "Training", "Assessment", "Technology", "Research", "General"];

type Sample = { name: string; path: string; rps: number; p50: number; p95: number; bytes: number };

const article = JSON.parse(
  readFileSync(path.resolve("tests/fixtures/article-30k.json"), "utf8"),
) as { html: string; title: string; excerpt: string };

async function fillDatabase(dataDir: string, count: number): Promise<void> {
  const db = createDatabase({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  try {
    await migrateToLatest(db);
    // Written as the posts service writes it: cleaned once, on the way in.
    const content = cleanArticleHtml(article.html);
    const start = Date.UTC(2020, 0, 1);
    await db.transaction().execute(async (trx) => {
      const batch = 500;
      for (let first = 0; first < count; first += batch) {
        const rows = [];
        for (let index = first; index < Math.min(count, first + batch); index += 1) {
          const createdAt = new Date(start + index * 60_000).toISOString();
          rows.push({
            id: crypto.randomUUID(),
            slug: `bench-post-${index}`,
            title: `${article.title} (${index})`,
            excerpt: article.excerpt,
            content,
            category: CATEGORIES[index % CATEGORIES.length]!,
            author_name: "Alex Example",
            author_avatar_url: null,
            author_bio: "Content Creator",
            author_linkedin_url: null,
            featured_image_url: null,
            read_time: "12 min read",
            published: 1 as const,
            // The newest few are featured, in both databases alike.
            featured: index >= count - FEATURED_POSTS ? (1 as const) : (0 as const),
            created_at: createdAt,
            updated_at: createdAt,
          });
        }
        await trx.insertInto("blog_posts").values(rows).execute();
      }
    });
  } finally {
    await db.destroy();
  }
}

type Timings = { latencies: number[]; seconds: number; bytes: number };

/** Sends `total` requests to one URL, CONCURRENCY at a time; every answer must be a 200. */
async function load(url: string, total: number, timings: Timings): Promise<void> {
  let sent = 0;
  const worker = async () => {
    while (sent < total) {
      sent += 1;
      const started = performance.now();
      const response = await fetch(url);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      timings.latencies.push(performance.now() - started);
      timings.bytes = body.length;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  timings.seconds += (performance.now() - started) / 1000;
}

/**
 * Measures one page on every server. The servers take turns in short rounds, so a change in the
 * machine's load during the run (other processes) weighs on all of them alike.
 */
async function measure(
  targets: { count: number; url: string; path: string }[],
  name: string,
): Promise<Map<number, Sample>> {
  const timings = targets.map(() => ({ latencies: [] as number[], seconds: 0, bytes: 0 }));
  for (const target of targets) {
    await load(`${target.url}${target.path}`, WARMUP_REQUESTS, { latencies: [], seconds: 0, bytes: 0 });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) {
      await load(`${target.url}${target.path}`, MEASURED_REQUESTS / ROUNDS, timings[index]!);
    }
  }
  const samples = new Map<number, Sample>();
  for (const [index, target] of targets.entries()) {
    const { latencies, seconds, bytes } = timings[index]!;
    latencies.sort((a, b) => a - b);
    const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!;
    samples.set(target.count, { name, path: target.path, rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), bytes });
  }
  return samples;
}

/** The middle page of the list: the most posts to skip from either end, so the slowest to find. */
function middlePagePath(count: number): string {
  const listed = count - Math.min(FEATURED_POSTS, FEATURED_POSTS_LIMIT);
  const pages = Math.max(1, Math.ceil(listed / BLOG_PAGE_SIZE));
  const middle = Math.ceil(pages / 2);
  return middle > 1 ? `/blog?page=${middle}` : "/blog";
}

async function benchAll(): Promise<Map<number, Sample[]>> {
  const dirs: string[] = [];
  const servers: { count: number; url: string; stop: () => Promise<void> }[] = [];
  try {
    for (const count of SIZES) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `dialogic-bench-${count}-`));
      dirs.push(dataDir);
      const filling = performance.now();
      await fillDatabase(dataDir, count);
      console.log(`  ${count.toLocaleString("en-US")} posts written in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
      const server = await startBuiltServer({ dataDir });
      servers.push({ count, url: server.url, stop: server.stop });
    }
    const pages: { name: string; path: (count: number) => string }[] = [
      { name: "blog list", path: () => "/blog" },
      { name: "middle list page", path: middlePagePath },
      { name: "article (30 KB)", path: (count) => `/blog/bench-post-${Math.floor(count / 2)}` },
    ];
    const results = new Map<number, Sample[]>(SIZES.map((count) => [count, []]));
    for (const page of pages) {
      console.log(`  measuring ${page.name}...`);
      const samples = await measure(
        servers.map((server) => ({ count: server.count, url: server.url, path: page.path(server.count) })),
        page.name,
      );
      for (const [count, sample] of samples) results.get(count)!.push(sample);
    }
    return results;
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

function printTable(results: Map<number, Sample[]>): void {
  const header = ["posts", "page", "path", "req/s", "p50 ms", "p95 ms", "KB"];
  const rows: string[][] = [];
  for (const [count, samples] of results) {
    for (const sample of samples) {
      rows.push([
        count.toLocaleString("en-US"),
        sample.name,
        sample.path,
        sample.rps.toFixed(0),
        sample.p50.toFixed(1),
        sample.p95.toFixed(1),
        (sample.bytes / 1024).toFixed(0),
      ]);
    }
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));

  const small = results.get(SIZES[0])!;
  const large = results.get(SIZES[1])!;
  console.log(`\nRatios ${SIZES[1].toLocaleString("en-US")} posts / ${SIZES[0]} posts (1.00 = as fast):`);
  small.forEach((sample, index) => {
    const other = large[index]!;
    console.log(
      `  ${sample.name.padEnd(18)} req/s ${(other.rps / sample.rps).toFixed(2)}   p50 ${(other.p50 / sample.p50).toFixed(2)}   p95 ${(other.p95 / sample.p95).toFixed(2)}`,
    );
  });
}

async function main(): Promise<void> {
  if (!existsSync("build/server.js")) {
    console.error("The benchmark measures the built site: run `npm run build` first.");
    process.exit(1);
  }
  console.log(
    `Benchmark: ${MEASURED_REQUESTS} requests per page and size at concurrency ${CONCURRENCY}, in ${ROUNDS} alternating rounds (after ${WARMUP_REQUESTS} warm-up requests), loopback only.\n`,
  );
  const results = await benchAll();
  console.log("");
  printTable(results);
}

await main();
