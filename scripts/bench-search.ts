/**
 * The search part of `npm run bench` (docs/decisions/156, 172): what a reader's search costs
 * against the worst query the benchmark can find, at 10,000 posts, and how long /healthz waits
 * while twelve of the worst run at once. Every search request comes from an address of its own
 * (X-Forwarded-For, the servers run with TRUST_PROXY=1): the search limit (120 a minute per
 * client) would otherwise answer 429 instead of searching, and readers are many clients.
 */
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

/**
 * Queries that could cost the most on the benchmark's posts (each holds the same excerpt, "How we
 * measure what every request costs…", a title "Benchmark post N" and a short body): eight single
 * letters (issue 30's query), eight two-letter prefixes of words in every post, eight whole words
 * in every post, and one letter.
 */
export const WORST_CANDIDATES = [
  "a b c d e f g h",
  "be co ev me po re sh wh",
  "benchmark costs every measure post request short what",
  "a",
];

/** Ordinary searches: a word every post holds, and a word one post holds. */
export const ORDINARY = { everyPost: "benchmark", onePost: "budget" } as const;

/** Words every benchmark post holds: any prefix of each (two letters on) matches every post. */
const EVERY_POST_WORDS = ["benchmark", "request", "measure", "example", "caches", "ceiling", "static", "matters"];

/** The search page's address for a query, spelled as the site keeps it (words sorted). */
export function searchPath(query: string): string {
  const words = [...new Set(query.split(" "))].sort();
  return `/blog/search?${new URLSearchParams({ q: words.join(" ") }).toString()}`;
}

/** `count` orders of a query's words as a reader could type them ("h g f e d c b a", "g f e d c b a h", …): addresses the site redirects to one. */
export function wordOrders(query: string, count: number): string[] {
  const words = query.split(" ");
  return Array.from({ length: count }, (_, index) => {
    const turned = [...words.slice(index % words.length), ...words.slice(0, index % words.length)];
    const order = index < words.length ? turned.reverse() : turned;
    return `/blog/search?${new URLSearchParams({ q: order.join(" ") }).toString()}`;
  });
}

/** A wrk script asking for one path, each request from a new client address. */
export function readerScript(dir: string, name: string, pathname: string): string {
  const file = path.join(dir, `${name}.lua`);
  writeFileSync(
    file,
    `local n = 0
request = function()
  n = n + 1
  local address = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format(nil, ${JSON.stringify(pathname)}, { ["X-Forwarded-For"] = address })
end
`,
  );
  return file;
}

/** One GET's time in milliseconds, from the given client address, following a redirect as a browser would. */
async function timedGet(url: string, client: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  let answer = await get(url, client);
  if (answer.status === 301 && answer.location) answer = await get(new URL(answer.location, url).toString(), client);
  return { ms: performance.now() - started, status: answer.status };
}

function get(url: string, client: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "x-forwarded-for": client }, agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      })
      .on("error", reject);
  });
}

let clients = 0;
const nextClient = () => {
  clients += 1;
  return `172.16.${Math.floor(clients / 256) % 256}.${clients % 256}`;
};

/** The candidate whose uncached search takes longest (median of seven, one at a time). */
export async function findWorstQuery(baseUrl: string): Promise<{ query: string; medianMs: number }[]> {
  const timings = [];
  for (const query of WORST_CANDIDATES) {
    const times: number[] = [];
    for (let index = 0; index < 7; index += 1) times.push((await timedGet(`${baseUrl}${searchPath(query)}`, nextClient())).ms);
    timings.push({ query, medianMs: times.sort((a, b) => a - b)[3]! });
  }
  return timings.sort((a, b) => b.medianMs - a.medianMs);
}

/**
 * Twelve distinct queries as costly as the worst (eight prefixes of words every post holds, so
 * each ranks all 10,000 posts), new to the page cache at every round: the n-th query takes each
 * word cut to a length of 2 to 5 letters by n's digits in base 4.
 */
export function distinctWorstQueries(round: number): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const n = round * 12 + index;
    return EVERY_POST_WORDS.map((word, place) => word.slice(0, 2 + (Math.floor(n / 4 ** place) % 4))).join(" ");
  });
}

/** Twelve distinct queries of eight single letters, new at every round (letters n, n+s, n+2s, … of the alphabet). */
export function distinctLetterQueries(round: number): string[] {
  const alphabet = "abcdefghijklmnopqrstuvwxyz";
  return Array.from({ length: 12 }, (_, index) => {
    const n = round * 12 + index;
    const step = [5, 7, 9][Math.floor(n / 26) % 3]!;
    return Array.from({ length: 8 }, (_, place) => alphabet[(n + place * step) % 26]).join(" ");
  });
}

export type HealthUnderLoad = { healthMs: number[]; searchMs: number[]; statuses: Record<number, number> };

/**
 * Fires the searches at once and, while they run, asks /healthz one after the other (`alone`
 * times when there are none): how long each /healthz took, how long the searches took, their
 * statuses.
 */
export async function healthWhileSearching(baseUrl: string, paths: string[], alone = 10): Promise<HealthUnderLoad> {
  let running = true;
  const healthMs: number[] = [];
  const statuses: Record<number, number> = {};
  const health = (async () => {
    while (running || (paths.length === 0 && healthMs.length < alone)) healthMs.push((await timedGet(`${baseUrl}/healthz`, "192.0.2.1")).ms);
  })();
  const searchMs = await Promise.all(
    paths.map(async (pathname) => {
      const answer = await timedGet(`${baseUrl}${pathname}`, nextClient());
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      return answer.ms;
    }),
  );
  running = false;
  await health;
  return { healthMs, searchMs, statuses };
}
