/**
 * `npm run bench`: the benchmark of record. Builds nothing: it measures the built site as
 * `npm start` serves it (run `npm run build` first), default logging included: each server writes
 * its access log to a file, as a newcomer's does to a terminal or journal.
 *
 * It fills fresh SQLite databases (the 30 KB article of tests/fixtures/article-30k.json and 10,000
 * other posts; and one of 10 posts) and starts `node build/server.js` on them: the site as shipped
 * (page cache on), the same data with the page cache off (twice: one process serves only the
 * uncached article, the other the uncached list pages), and the 10-post site with the cache off.
 * Beside them, a plain Node `http` server answers the article page's bytes, gzip-compressed once:
 * the limit. wrk (a load generator written in C: `apt-get install wrk`) loads each target at 50
 * connections asking for gzip, after a warm-up, the targets taking turns in short rounds so that
 * a change in the machine's load weighs on all alike (the pages and the limit first, then the 10
 * against 10,000 posts comparison). Every server runs on the first core and wrk on the second, so
 * that the client never takes CPU from the server it measures; the limit's own CPU per request
 * and its cores busy show that it, not wrk, was saturated. For each target it prints requests/s,
 * p50 and p99 latency, the serving process's CPU milliseconds per request (its own CPU time, from
 * /proc; like the latencies, the median of the rounds, so that one round the machine spent
 * elsewhere does not decide it), the cores it kept busy and the throughput as a share of the
 * limit; then another spelling of a cached page's address or a junk query value for every
 * request, against the same pages at their own addresses; then each public page's JavaScript
 * and HTML (gzip) and the article's wire ratio. The search part (scripts/bench-search.ts) puts the
 * worst query it finds beside ordinary ones and times /healthz while twelve of the worst run at
 * once; `npm run bench -- search` runs it alone, `npm run bench -- site` everything else.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { BLOG_PAGE_SIZE, FEATURED_POSTS_LIMIT } from "../domain/blog";
import { cleanArticleHtml } from "../server/blog/article-html.server";
import { createDatabase } from "../server/db/database.server";
import { migrateToLatest } from "../server/db/migrate.server";
import { indexPost } from "../server/search/post-search.server";
import { adminToken, startBuiltServer, type BuiltServer } from "../tests/helpers/built-server";
import { everyBlock } from "../tests/helpers/every-block";
import { fillAnalyticsYear, REPORT_QUERIES, timeReport, VIEWS_PER_DAY } from "./bench-analytics";
import { distinctLetterQueries, distinctWorstQueries, findWorstQuery, healthWhileSearching, ORDINARY, readerScript, searchPath, wordOrders, WORST_CANDIDATES } from "./bench-search";
// @ts-expect-error: a plain ES module of the build scripts, without types.
import { pageWeights } from "./page-weight.mjs";
import { ARTICLE_SLUG, article, samplePostRow } from "./sample-posts";

const CONNECTIONS = 50;
const ROUNDS = 5;
const SECONDS_PER_ROUND = 3;
/**
 * Seconds each target is loaded before it is measured: caches filled and V8 done optimising the
 * render's code (its compiler threads count in the process's CPU time while it is at work).
 */
const WARM_UP_SECONDS = 3;
/** The servers share the first core, the load generator has the second. */
const SERVER_CORE = "0";
const CLIENT_CORE = "1";
const WRK = "/usr/bin/wrk";
const FEATURED_POSTS = 3;
const CATEGORIES = ["AI & Education", "Training", "Assessment", "Technology", "Research", "General"];
const CLOCK_TICKS_PER_SECOND = 100;
/** `npm run bench -- search`: only the named parts ("search", or "site": everything else); none named, all of them. */
const PARTS = ["search", "site"] as const;
const chosen = process.argv.slice(2);
const unknownPart = chosen.find((part) => !(PARTS as readonly string[]).includes(part));
if (unknownPart !== undefined) {
  console.error(`Unknown part "${unknownPart}": choose among ${PARTS.join(", ")}.`);
  process.exit(1);
}
const runs = (part: (typeof PARTS)[number]) => chosen.length === 0 || chosen.includes(part);
/** Every request says it comes from a browser, as readers' do: counting (decision 141) skips bots. */
const BROWSER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** A crawler's user agent: classed on its first request, never counted. */
const CRAWLER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The 30 KB article (the newest unfeatured post) and `others` short posts before it; answers the article's id. */
async function fillDatabase(dataDir: string, others: number): Promise<string> {
  const db = createDatabase({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  try {
    await migrateToLatest(db);
    const start = Date.UTC(2020, 0, 1);
    const shortBody = "<p>A short post of the benchmark's list.</p>";
    const row = (index: number, slug: string, title: string, content: string, featured: boolean) =>
      samplePostRow({
        slug,
        title,
        content,
        category: CATEGORIES[index % CATEGORIES.length]!,
        featured,
        createdAt: new Date(start + index * 60_000).toISOString(),
      });
    // Written as the posts service writes it: cleaned once, on the way in.
    const articleRow = row(others, ARTICLE_SLUG, article.title, cleanArticleHtml(article.html), false);
    await db.transaction().execute(async (trx) => {
      for (let first = 0; first < others; first += 500) {
        const rows = [];
        for (let index = first; index < Math.min(others, first + 500); index += 1) {
          rows.push(row(index, `bench-post-${index}`, `Benchmark post ${index}`, shortBody, index >= others - FEATURED_POSTS));
        }
        await trx.insertInto("blog_posts").values(rows).execute();
        // The search index, as the posts service writes it with each post (decision 156).
        for (const written of rows) await indexPost(trx, written);
      }
      await trx.insertInto("blog_posts").values(articleRow).execute();
      await indexPost(trx, articleRow);
    });
    return articleRow.id;
  } finally {
    await db.destroy();
  }
}

/** The in-run limit: a plain Node http server sending fixed bytes, compressed once, in its own process. */
async function startLimitServer(body: Buffer): Promise<{ url: string; pid: number; stop: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-limit-"));
  const file = path.join(dir, "page.html.gz");
  writeFileSync(file, zlib.gzipSync(body, { level: 9 }));
  const source = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const server = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": body.length, vary: "Accept-Encoding" });
      res.end(body);
    });
    server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
  `;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve) => child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim())));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The process's user + system CPU time in milliseconds. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

type Target = {
  name: string;
  url: string;
  pid: number;
  encoding: string;
  /** A wrk Lua script that picks each request's path (the spellings comparison). */
  script?: string;
  /** The requests' user agent: a reader's browser unless said (the counting comparison). */
  userAgent?: string;
};
type Totals = { requests: number; seconds: number; cpuPerRequest: number[]; clientCpuPerRequest: number[]; p50: number[]; p99: number[]; errors: number };
type LoadResult = { requests: number; seconds: number; p50: number; p99: number; errors: number };

/** CPU milliseconds of this process's finished children: wrk's, once it has exited. */
function finishedChildrenCpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Keeps a process (all its threads) on the servers' core. */
function pinToServerCore(pid: number): void {
  execFileSync("taskset", ["-a", "-p", "-c", SERVER_CORE, String(pid)], { stdio: "ignore" });
}

/** One wrk run on the client's core; its report read back (latencies in ms). */
async function load(target: Target, seconds: number): Promise<LoadResult> {
  const args = ["-c", CLIENT_CORE, WRK, "-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "10s", "--latency", "-H", `accept-encoding: ${target.encoding}`, "-H", `user-agent: ${target.userAgent ?? BROWSER_AGENT}`];
  if (target.script) args.push("-s", target.script);
  const child = spawn("taskset", [...args, target.url], { stdio: ["ignore", "pipe", "inherit"] });
  let report = "";
  child.stdout.on("data", (chunk: Buffer) => (report += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(report);
  if (code !== 0 || !total) throw new Error(`wrk failed (exit ${code}):\n${report}`);
  const latency = (percent: string) => {
    const match = new RegExp(`\\s${percent}%\\s+([\\d.]+)(us|ms|s)`).exec(report);
    return match ? Number(match[1]) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[match[2]!]! : NaN;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const badStatus = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  return {
    requests: Number(total[1]),
    seconds: Number(total[2]) * ({ us: 1e-6, ms: 0.001, s: 1, m: 60 } as Record<string, number>)[total[3]!]!,
    p50: latency("50"),
    p99: latency("99"),
    errors: badStatus + (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0),
  };
}

async function measure(targets: Target[], rounds = ROUNDS): Promise<Map<Target, Totals>> {
  const totals = new Map<Target, Totals>(
    targets.map((target) => [target, { requests: 0, seconds: 0, cpuPerRequest: [], clientCpuPerRequest: [], p50: [], p99: [], errors: 0 }]),
  );
  for (const target of targets) await load(target, WARM_UP_SECONDS);
  for (let round = 0; round < rounds; round += 1) {
    console.log(`  round ${round + 1} of ${rounds} (${targets.length} targets)...`);
    // Every other round in the reverse order: no target always runs first (or right after another).
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const total = totals.get(target)!;
      const cpuBefore = cpuMs(target.pid);
      const clientCpuBefore = finishedChildrenCpuMs();
      const result = await load(target, SECONDS_PER_ROUND);
      total.cpuPerRequest.push((cpuMs(target.pid) - cpuBefore) / Math.max(1, result.requests));
      total.clientCpuPerRequest.push((finishedChildrenCpuMs() - clientCpuBefore) / Math.max(1, result.requests));
      total.requests += result.requests;
      total.seconds += result.seconds;
      total.p50.push(result.p50);
      total.p99.push(result.p99);
      total.errors += result.errors;
    }
  }
  return totals;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

/** The raw bytes of an answer as sent (no decoding). */
async function rawBody(url: string, encoding: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks)));
      })
      .on("error", reject);
  });
}

/**
 * Two wrk scripts. One sends other spellings of the pages' addresses, so that no answer can come
 * from a page kept for that address: the article spelled another way (letters in upper case,
 * letters percent-encoded, a dot segment, a doubled or trailing slash; 50,000 of them drawn
 * before the run and cycled, so that wrk's own work stays small), the contact page with a new
 * made-up `sent` value, or a blog list page far past the last one; the other asks for the same
 * pages at their own addresses, in the same proportions (two article requests to one of each
 * other page).
 */
function spellingScripts(dir: string, articlePath: string): { variants: string; canonical: string } {
  const lua = (body: string) => `local article = ${JSON.stringify(articlePath)}\nlocal n = 0\n${body}`;
  const variants = lua(`
math.randomseed(7)
local function respell(address)
  return (address:gsub("[a-z]", function(c)
    local r = math.random()
    if r < 0.25 then return c:upper() end
    if r < 0.4 then return string.format("%%%02x", c:byte()) end
    return c
  end))
end
local shapes = {
  function(a) return respell(a) end,
  function(a) return "/x/.." .. respell(a) end,
  function(a) return (respell(a):gsub("/([^/]*)$", "/./%1")) end,
  function(a) return (respell(a):gsub("/([^/]*)$", "//%1")) end,
  function(a) return respell(a) .. "/" end,
}
-- Drawn before the run, so that wrk's own CPU is not what the comparison measures.
local spellings = {}
for i = 1, 50000 do
  local path
  repeat path = shapes[math.random(#shapes)](article) until path ~= article
  spellings[i] = path
end
request = function()
  n = n + 1
  local path
  if n % 6 == 3 then path = "/contact?sent=" .. math.random(1, 2000000000)
  elseif n % 6 == 0 then path = "/blog?page=" .. math.random(1000, 2000000000)
  else path = spellings[n % #spellings + 1] end
  return wrk.format(nil, path)
end
`);
  const canonical = lua(`
request = function()
  n = n + 1
  local path = article
  if n % 6 == 3 then path = "/contact" elseif n % 6 == 0 then path = "/blog" end
  return wrk.format(nil, path)
end
`);
  const write = (name: string, text: string) => {
    const file = path.join(dir, `${name}.lua`);
    writeFileSync(file, text);
    return file;
  };
  return { variants: write("variants", variants), canonical: write("canonical", canonical) };
}

/** The address of a new private preview link of the article (POST /api/admin/posts/:id/preview-links). */
async function previewPath(server: BuiltServer, articleId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/posts/${articleId}/preview-links`, {
    method: "POST",
    headers: { authorization: `Bearer ${await adminToken(server)}`, "content-type": "application/json" },
    body: JSON.stringify({ purpose: "share" }),
  });
  if (response.status !== 201) throw new Error(`Making a preview link answered ${response.status}`);
  return `/preview/${((await response.json()) as { token: string }).token}`;
}

/** A landing page is built from one block of every type, published through the admin API (issue 33). */
const LANDING_PATH = "/bench/every-block";

async function publishLandingPage(server: BuiltServer): Promise<void> {
  const headers = { authorization: `Bearer ${await adminToken(server)}`, "content-type": "application/json" };
  const created = await fetch(`${server.url}/api/admin/pages`, {
    method: "POST",
    headers,
    body: JSON.stringify({ path: LANDING_PATH, title: "Every block", blocks: everyBlock() }),
  });
  if (created.status !== 201) throw new Error(`Making the landing page answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const published = await fetch(`${server.url}/api/admin/pages/${id}/publish`, { method: "POST", headers, body: "{}" });
  if (published.status !== 200) throw new Error(`Publishing the landing page answered ${published.status}: ${await published.text()}`);
}

function middlePagePath(others: number): string {
  const listed = others + 1 - Math.min(FEATURED_POSTS, FEATURED_POSTS_LIMIT);
  const pages = Math.max(1, Math.ceil(listed / BLOG_PAGE_SIZE));
  const middle = Math.ceil(pages / 2);
  return middle > 1 ? `/blog?page=${middle}` : "/blog";
}

type StartServer = (others: number, env?: Record<string, string>) => Promise<BuiltServer>;

/**
 * Search (decisions 156, 172): ordinary searches against the worst query found, uncached, at 10
 * and 10,000 posts, each request from a client address of its own (scripts/bench-search.ts);
 * then /healthz while twelve of the worst run at once on the site as shipped (page cache on).
 */
async function searchPart(start: StartServer, dirs: string[]): Promise<void> {
  console.log("\nSearch: the servers run with TRUST_PROXY=1 and every search request comes from an address of its own.");
  const proxied = { TRUST_PROXY: "1" };
  const uncached = await start(10_000, { ...proxied, PAGE_CACHE_MAX_BYTES: "0" });
  const small = await start(9, { ...proxied, PAGE_CACHE_MAX_BYTES: "0" });
  const candidates = await findWorstQuery(uncached.url);
  console.log("\nCandidates for the worst query, 10,000 posts, uncached, one at a time (median of 7):");
  printTable(["query", "ms"], candidates.map(({ query, medianMs }) => [query, medianMs.toFixed(1)]));
  const worst = candidates[0]!.query;
  const reader = (name: string, server: BuiltServer, query: string): Target => ({
    name,
    url: `${server.url}/`,
    pid: server.pid,
    encoding: "gzip",
    script: readerScript(dirs[0]!, `search-${name.replace(/[^a-z0-9]+/gi, "-")}`, searchPath(query)),
  });
  const everyPost = reader(`"${ORDINARY.everyPost}" (every post matches), 10,000 posts`, uncached, ORDINARY.everyPost);
  const onePost = reader(`"${ORDINARY.onePost}" (one post matches), 10,000 posts`, uncached, ORDINARY.onePost);
  const targets = [
    everyPost,
    reader(`"${ORDINARY.everyPost}" (every post matches), 10 posts`, small, ORDINARY.everyPost),
    onePost,
    reader(`"${ORDINARY.onePost}" (one post matches), 10 posts`, small, ORDINARY.onePost),
    reader(`worst found: "${worst}", 10,000 posts`, uncached, worst),
    ...(worst === WORST_CANDIDATES[0] ? [] : [reader(`single letters: "${WORST_CANDIDATES[0]}", 10,000 posts`, uncached, WORST_CANDIDATES[0]!)]),
  ];
  const results = await measure(targets);
  const cpu = (entry: Target) => median(results.get(entry)!.cpuPerRequest);
  console.log("");
  printTable(
    ["search, uncached", "req/s", "p50 ms", "p99 ms", "server CPU ms/req", "load generator CPU ms/req", "x every-post word", "x one-post word", "errors"],
    targets.map((entry) => {
      const total = results.get(entry)!;
      return [
        entry.name,
        (total.requests / total.seconds).toFixed(0),
        median(total.p50).toFixed(1),
        median(total.p99).toFixed(1),
        cpu(entry).toFixed(3),
        median(total.clientCpuPerRequest).toFixed(3),
        (cpu(entry) / cpu(everyPost)).toFixed(2),
        (cpu(entry) / cpu(onePost)).toFixed(2),
        String(total.errors),
      ];
    }),
  );
  await healthUnderSearches(await start(10_000, proxied));
}

/** /healthz alone, then while twelve new worst searches run at once (five rounds each). */
async function healthUnderSearches(site: BuiltServer): Promise<void> {
  const letterSets = ["a b c d e f g h", "i j k l m n o p", "q r s t u v w x", "b d f h j l n p", "c e g i k m o q"];
  const rounds = {
    "nothing else": (_round: number) => [] as string[],
    "12 word orders of eight new single letters (one page after the redirect)": (round: number) =>
      wordOrders(letterSets[round]!, 12),
    "12 distinct new queries of eight single letters (no page shared)": (round: number) => distinctLetterQueries(round).map(searchPath),
    "12 distinct new queries of eight prefixes in every post (no page shared)": (round: number) => distinctWorstQueries(round).map(searchPath),
  };
  const rows: string[][] = [];
  for (const [name, pathsOf] of Object.entries(rounds)) {
    const health: number[] = [];
    const searches: number[] = [];
    const statuses: Record<number, number> = {};
    for (let round = 0; round < 5; round += 1) {
      const result = await healthWhileSearching(site.url, pathsOf(round), name === "nothing else" ? 10 : undefined);
      health.push(...result.healthMs);
      searches.push(...result.searchMs);
      for (const [status, count] of Object.entries(result.statuses)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    rows.push([
      name,
      String(health.length),
      median(health).toFixed(1),
      sorted(health).at(-1)!.toFixed(1),
      searches.length ? median(searches).toFixed(1) : "-",
      searches.length ? sorted(searches).at(-1)!.toFixed(1) : "-",
      Object.entries(statuses).map(([status, count]) => `${count}x ${status}`).join(", ") || "-",
    ]);
  }
  console.log("\n/healthz while searches run on the site as shipped (10,000 posts, page cache on), five rounds:");
  printTable(["alongside /healthz", "healthz asked", "healthz p50 ms", "healthz max ms", "search p50 ms", "search max ms", "search answers"], rows);
}

async function main(): Promise<void> {
  if (!existsSync("build/server.js") || !existsSync("build/client")) {
    console.error("The benchmark measures the built site and builds nothing itself: run `npm run build` first.");
    process.exit(1);
  }
  if (!existsSync(WRK)) {
    console.error(`The benchmark loads the servers with wrk, missing at ${WRK}: install it with \`apt-get install wrk\`.`);
    process.exit(1);
  }
  const dirs: string[] = [];
  const servers: BuiltServer[] = [];
  /** The 30 KB article's id in each data directory. */
  const articleIds = new Map<string, string>();
  let limit: Awaited<ReturnType<typeof startLimitServer>> | undefined;
  try {
    const start = async (others: number, env: Record<string, string> = {}) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `dialogic-bench-${others}-`));
      dirs.push(dataDir);
      const filling = performance.now();
      articleIds.set(dataDir, await fillDatabase(dataDir, others));
      console.log(`  ${(others + 1).toLocaleString("en-US")} posts written in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
      const server = await startBuiltServer({ dataDir, env, logTo: path.join(dataDir, "server.log") });
      pinToServerCore(server.pid);
      servers.push(server);
      return server;
    };
    if (runs("search")) await searchPart(start, dirs);
    if (!runs("site")) return;
    const cached = await start(10_000);
    const uncached = await start(10_000, { PAGE_CACHE_MAX_BYTES: "0" });
    // The uncached article in a process of its own: its CPU time is then the article's alone, not
    // also what the collector still owes for the heavier list pages measured just before it.
    const uncachedArticle = await start(10_000, { PAGE_CACHE_MAX_BYTES: "0" });
    // The same at 10 posts, measured beside it: the two sizes compared under the same conditions.
    const smallArticle = await start(9, { PAGE_CACHE_MAX_BYTES: "0" });
    const small = await start(9, { PAGE_CACHE_MAX_BYTES: "0" });
    const articlePath = `/blog/${ARTICLE_SLUG}`;
    const articleHtml = await rawBody(`${cached.url}${articlePath}`, "identity");
    limit = await startLimitServer(articleHtml);
    pinToServerCore(limit.pid);

    // A private preview of the article (decision 182): never cached, rendered for every request.
    const previewOf = (server: BuiltServer) => previewPath(server, articleIds.get(server.dataDir)!);
    const [uncachedPreview, smallPreview] = await Promise.all([previewOf(uncached), previewOf(small)]);
    await Promise.all([cached, uncached, small].map(publishLandingPage));
    const target = (name: string, server: { url: string; pid: number }, pathname: string, encoding = "gzip"): Target => ({
      name,
      url: `${server.url}${pathname}`,
      pid: server.pid,
      encoding,
    });
    const main: Target[] = [
      target("limit: plain node http, same article bytes", limit, "/"),
      target("article, cached", cached, articlePath),
      target("article, uncached (no compression)", uncachedArticle, articlePath, "identity"),
      target("article, 10 posts, uncached (no compression)", smallArticle, articlePath, "identity"),
      target("/, cached", cached, "/"),
      target("landing page (every block), cached", cached, LANDING_PATH),
      target("/blog, cached", cached, "/blog"),
      target("/blog?page=2, cached", cached, "/blog?page=2"),
    ];
    const sizes: Target[] = [
      target("/blog, 10,000 posts, uncached", uncached, "/blog"),
      target("/blog, 10 posts, uncached", small, "/blog"),
      target("middle list page, 10,000 posts, uncached", uncached, middlePagePath(10_000)),
      target("middle list page, 10 posts, uncached", small, middlePagePath(9)),
      target("article's private preview, 10,000 posts (no compression)", uncached, uncachedPreview, "identity"),
      target("article's private preview, 10 posts (no compression)", small, smallPreview, "identity"),
      // Readers' pages (decision 157): a category's and the author's first page. Search has a
      // part of its own (`searchPart`).
      target("category page, 10,000 posts, uncached", uncached, "/blog/category/training"),
      target("category page, 10 posts, uncached", small, "/blog/category/training"),
      target("author page, 10,000 posts, uncached", uncached, "/blog/author/alex-example"),
      target("author page, 10 posts, uncached", small, "/blog/author/alex-example"),
    ];
    // Pages built from blocks (issue 33): the home page as seeded, and a landing page of every block.
    const pages: Target[] = [
      target("/, 10,000 posts, uncached", uncached, "/"),
      target("/, 10 posts, uncached", small, "/"),
      target("landing page (every block), 10,000 posts, uncached", uncached, LANDING_PATH),
      target("landing page (every block), 10 posts, uncached", small, LANDING_PATH),
    ];
    console.log(
      `\nMeasuring: wrk (1 thread, core ${CLIENT_CORE}), ${CONNECTIONS} connections, ${WARM_UP_SECONDS} s of warm-up, then ${ROUNDS} rounds of ${SECONDS_PER_ROUND} s per target, taking turns; servers on core ${SERVER_CORE}, logging at their default level to a file (loopback, ${process.platform}); latencies and CPU are the medians of the rounds.`,
    );
    // Three groups, each taking turns within itself: the limit, the cached pages and the uncached
    // article at both sizes (each in a process of its own); the list pages and previews at both
    // sizes; the pages built from blocks. One loop of them all left each process idle for half a
    // minute between its rounds, and the uncached article then measured 2.1 to 2.6 ms a request
    // instead of 1.5.
    const results = new Map([...(await measure(main)), ...(await measure(sizes)), ...(await measure(pages))]);

    const limitRps = (() => {
      const total = results.get(main[0]!)!;
      return total.requests / total.seconds;
    })();
    const row = (entry: Target) => {
      const total = results.get(entry)!;
      const rps = total.requests / total.seconds;
      return [
        entry.name,
        entry.encoding,
        rps.toFixed(0),
        median(total.p50).toFixed(1),
        median(total.p99).toFixed(1),
        median(total.cpuPerRequest).toFixed(3),
        ((median(total.cpuPerRequest) * rps) / 1000).toFixed(2),
        (rps / limitRps).toFixed(2),
        String(total.errors),
      ];
    };
    console.log("");
    printTable(["target", "encoding", "req/s", "p50 ms", "p99 ms", "server CPU ms/req", "server cores busy", "of limit", "errors"], [...main, ...sizes, ...pages].map(row));
    console.log("(A limit near 1.00 core busy was bound by its own CPU, not by the load generator.)");

    // Other spellings of cached pages' addresses and made-up query values, a new one for every
    // request, against the same pages at their own addresses.
    console.log("\nAnother spelling or junk query value for every request, against the same pages at their own addresses (cached site)");
    const scripts = spellingScripts(dirs[0]!, articlePath);
    const spellingTargets: Target[] = [
      { ...target("canonical: the article, /contact and /blog", cached, "/"), script: scripts.canonical },
      { ...target("variants: article spellings, /contact?sent=<junk>, /blog?page=<past the end>", cached, "/"), script: scripts.variants },
    ];
    const spellings = await measure(spellingTargets);
    const cpuOf = (entry: Target) => median(spellings.get(entry)!.cpuPerRequest);
    printTable(
      ["target", "req/s", "server CPU ms/req", "load generator CPU ms/req", "x canonical"],
      spellingTargets.map((entry) => {
        const total = spellings.get(entry)!;
        return [
          entry.name,
          (total.requests / total.seconds).toFixed(0),
          cpuOf(entry).toFixed(3),
          median(total.clientCpuPerRequest).toFixed(3),
          (cpuOf(entry) / cpuOf(spellingTargets[0]!)).toFixed(2),
        ];
      }),
    );

    // What counting views costs a cached hit (decision 141): one page, counting on and off.
    // One process for both, so that what differs is the counting alone: two processes of the same
    // build differ by a few per cent between themselves (decision 194).
    console.log("\nCounting views on a cached hit: the article from one 10-post site, to a reader (counted) and to a crawler (classed, not counted)");
    const counting = await start(9);
    const countingTargets = [
      target("article, cached, a reader's browser: counted", counting, articlePath),
      { ...target("article, cached, a crawler: not counted", counting, articlePath), userAgent: CRAWLER_AGENT },
    ];
    // Twice the rounds: the difference sought is a few percent, about the size of one round's noise.
    const countingResults = await measure(countingTargets, 2 * ROUNDS);
    const countingCpu = (entry: Target) => median(countingResults.get(entry)!.cpuPerRequest);
    printTable(
      ["target", "req/s", "server CPU ms/req", "load generator CPU ms/req", "x not counted"],
      countingTargets.map((entry) => {
        const total = countingResults.get(entry)!;
        return [
          entry.name,
          (total.requests / total.seconds).toFixed(0),
          countingCpu(entry).toFixed(4),
          median(total.clientCpuPerRequest).toFixed(3),
          (countingCpu(entry) / countingCpu(countingTargets[1]!)).toFixed(3),
        ];
      }),
    );

    // The dashboard's answer on a year of roll-ups.
    console.log(`\nThe dashboard's API on a year of ${VIEWS_PER_DAY.toLocaleString("en-US")} views a day (generated roll-ups, SQLite)`);
    const yearDir = mkdtempSync(path.join(tmpdir(), "dialogic-bench-year-"));
    dirs.push(yearDir);
    const generating = performance.now();
    const year = await fillAnalyticsYear(yearDir);
    const yearServer = await startBuiltServer({ dataDir: yearDir, logTo: path.join(yearDir, "server.log") });
    servers.push(yearServer);
    console.log(
      `  ${year.days} days generated in ${((performance.now() - generating) / 1000).toFixed(1)} s: ${Object.entries(year.rows)
        .map(([table, rows]) => `${table} ${rows.toLocaleString("en-US")} rows`)
        .join(", ")}; database file ${(year.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    const token = await adminToken(yearServer);
    const periods = REPORT_QUERIES;
    const timings: Awaited<ReturnType<typeof timeReport>>[] = [];
    for (const period of periods) timings.push(await timeReport(yearServer.url, token, period));
    printTable(
      ["GET /api/admin/analytics?…", "median ms", "slowest ms", "answer KB"],
      periods.map((period, index) => [period, timings[index]!.median.toFixed(1), timings[index]!.max.toFixed(1), (timings[index]!.bytes / 1000).toFixed(1)]),
    );

    // What each public page costs on the wire.
    console.log("\nPublic pages (gzip): JavaScript the page loads, and its HTML as served");
    const weights = pageWeights() as { id: string; address: string; js: number }[];
    const addresses: Record<string, string> = {
      "/blog/<article>": articlePath,
      "/<not found>": "/no-such-page",
      "/blog/category/<slug>": "/blog/category/training",
      "/blog/author/<slug>": "/blog/author/alex-example",
    };
    const pageRows: string[][] = [];
    for (const weight of weights) {
      const address = addresses[weight.address] ?? weight.address;
      const html = await rawBody(`${cached.url}${address}`, "gzip");
      pageRows.push([weight.address, (weight.js / 1000).toFixed(1), (html.length / 1000).toFixed(1)]);
    }
    printTable(["page", "JS KB", "HTML KB"], pageRows);

    // The article travels once: its HTML once in the page, the page's wire size against the page
    // without any hydration data.
    const served = await rawBody(`${cached.url}${articlePath}`, "gzip");
    const text = articleHtml.toString("utf8");
    const withoutHydration = text.replace(/<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g, (script) =>
      script.includes("__reactRouter") ? "" : script,
    );
    const bare = zlib.gzipSync(Buffer.from(withoutHydration), { level: 9 });
    const probe = cleanArticleHtml(article.html).slice(200, 260);
    const occurrences = text.split(probe).length - 1;
    console.log(
      `\nArticle wire size: ${(served.length / 1000).toFixed(1)} KB gzip; without hydration data ${(bare.length / 1000).toFixed(1)} KB; ratio ${(served.length / bare.length).toFixed(2)} (at most 1.30). The article's HTML appears ${occurrences} time(s) in the page.`,
    );
  } finally {
    limit?.stop();
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
