import type { IncomingMessage } from "node:http";
import { campaignOf, dayOf, deviceClass, NOT_FOUND_PATH, referrerHost, sourceHost, type DeviceClass, type VisitSource } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import type { Logger } from "../logger.server";
import { batchWriter } from "./batch-writer.server";
import { isBrowserAgent } from "./browser-agent.server";
import { clientHash, daySalt, USER_AGENT_MAX, visitorHash } from "./day-salts.server";
import { DAY_GRACE_MS, forgetPastDays, writeViews, type DayViews, type PendingVisitor } from "./view-batches.server";

/**
 * Page views counted in memory and written in batches (docs/decisions/141, 175). Counting is what
 * a cached page hit pays, so it only looks at headers, makes the visitor's keyed hash (once per
 * connection) and adds to two maps; the database waits for the batch.
 */
export type PageViews = {
  /**
   * Counts a public page answered with 200 or 404 to a GET (the caller knows the page and its
   * status); prefetches and bots are left out here.
   */
  count: (req: IncomingMessage, status: number, path: string, search: string) => void;
  /** Writes what was counted so far; batches wait for each other. */
  flush: () => Promise<void>;
  /** Stops the timers and writes the last batch (shutdown). */
  close: () => Promise<void>;
};

type Options = {
  db: AppDatabase;
  /** The site's own host: a referrer there is a visit going on, not a source. */
  siteHost: string;
  flushMs: number;
  /** The client's address under the TRUST_PROXY rule (never stored: only hashed). */
  clientAddress: (req: IncomingMessage) => string;
  logger: Logger;
  now?: () => number;
};

/** User agents seen lately and what they are; bounded, as user agents are the client's to write. */
const AGENT_MEMORY = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * What one batch holds at most (memory): visitors, and characters of what is kept of them (hashes,
 * sources, paths). Beyond either, views still count, and a visitor left out is counted at their
 * next view in a later batch.
 */
const BATCH_VISITORS = 50_000;
const BATCH_CHARS = 8 * 1024 * 1024;
/** What a map entry costs beyond its strings, roughly, in the same unit. */
const ENTRY_CHARS = 100;

/** What a connection's requests tell of their client, while its user agent and forwarded address stay. */
type Client = {
  userAgent: string;
  forwarded: string | string[] | undefined;
  kind: DeviceClass | "bot";
  address: string;
  /** Its keys under the salt they were made with. */
  keys?: { salt: string; visitor: string; client: string };
};

/**
 * A visitor counted before the process had the day's salt (its first moments, or a database
 * away): kept by address and cut user agent until the batch is written.
 */
type UnhashedVisitor = Omit<PendingVisitor, "client"> & { address: string; userAgent: string };

type Batch = DayViews & { unhashed: Map<string, UnhashedVisitor>; chars: number };

export function createPageViews({ db, siteHost, flushMs, clientAddress, logger, now = Date.now }: Options): PageViews {
  let batches = new Map<string, Batch>();
  // The day a view falls on, worked out again only when midnight (UTC) has passed.
  let day = "";
  let dayEnds = 0;
  const today = () => {
    const at = now();
    if (at >= dayEnds) {
      day = dayOf(at);
      dayEnds = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
    }
    return day;
  };

  const salts = saltKeeper({ db, today, now, retryMs: flushMs, logger });
  salts.ask(today());

  const { clientOf, keysOf } = clientMemory(clientAddress, siteHost);

  const count = (req: IncomingMessage, status: number, pagePath: string, search: string) => {
    const { headers } = req;
    if (isPrefetch(headers)) return;
    const path = status === 404 ? NOT_FOUND_PATH : pagePath;
    // Classed and hashed by its first few hundred characters; a longer one is not kept whole.
    const client = clientOf(req, (headers["user-agent"] ?? "").slice(0, USER_AGENT_MAX));
    const device = client.kind;
    if (device === "bot") return;
    const of = today();
    let batch = batches.get(of);
    if (!batch) batches.set(of, (batch = emptyBatch()));
    batch.views.set(path, (batch.views.get(path) ?? 0) + 1);
    // Asked not to be tracked: a view, anonymously.
    if (headers["sec-gpc"] === "1" || headers.dnt === "1") return;
    const source = () => {
      const campaign = campaignOf(search);
      return { landing_path: path, referrer_host: sourceHost({ referrer_host: referrerHost(headers.referer, siteHost), utm_source: campaign.utm_source }), ...campaign };
    };
    const daySaltValue = salts.of(of);
    if (daySaltValue === undefined) {
      salts.ask(of);
      const { address, userAgent } = client;
      addVisitor(batch, batch.unhashed, `${address}\n${userAgent}`, path, () => ({ address, userAgent, device, source: source(), paths: new Set([path]), views: new Map([[path, 1]]) }));
      return;
    }
    const keys = keysOf(client, daySaltValue);
    addVisitor(batch, batch.visitors, keys.visitor, path, () => ({ client: keys.client, device, source: source(), paths: new Set([path]), views: new Map([[path, 1]]) }));
  };

  const writer = batchWriter(flushMs, async () => {
    await salts.load(today()).catch(() => undefined);
    if (batches.size === 0) return;
    const taken = batches;
    batches = new Map();
    for (const [viewed, batch] of taken) {
      const hashed = hashWaiting(batch, salts.of(viewed), siteHost);
      try {
        await writeViews(db, { day: viewed, views: hashed, now: now() });
      } catch (error) {
        // The database is away: the counts wait for the next batch instead of being lost.
        logger.warn({ err: error }, "page views could not be written; kept for the next batch");
        putBack(batches, viewed, batch);
      }
    }
  });

  const midnight = atEachMidnight(now, async (stopped) => {
    // The day is over: its salt goes from memory and, by whichever process comes first, from the
    // database; the hashes wait DAY_GRACE_MS for batches on their way.
    salts.forget();
    await salts.load(today());
    await delay(DAY_GRACE_MS);
    if (!stopped()) await forgetPastDays(db, now());
  }, logger);

  return {
    count,
    flush: writer.flush,
    close: () => {
      midnight.stop();
      return writer.close();
    },
  };
}

/**
 * What the counter remembers of clients: recent user agents and what they are, and each kept-alive
 * connection's client with its keys.
 */
function clientMemory(clientAddress: (req: IncomingMessage) => string, siteHost: string) {
  const agents = new Map<string, DeviceClass | "bot">();
  const agentOf = (userAgent: string): DeviceClass | "bot" => {
    let kind = agents.get(userAgent);
    if (kind === undefined) {
      kind = isBrowserAgent(userAgent) ? deviceClass(userAgent) : "bot";
      if (agents.size >= AGENT_MEMORY) agents.clear();
      agents.set(userAgent, kind);
    }
    return kind;
  };

  // A kept-alive connection sends request after request with the same user agent (and, from a
  // proxy, mostly the same forwarded address): what they make of the client is kept with it.
  const clients = new WeakMap<object, Client>();
  const clientOf = (req: IncomingMessage, userAgent: string): Client => {
    const forwarded = req.headers["x-forwarded-for"];
    const known = clients.get(req.socket);
    if (known && known.userAgent === userAgent && known.forwarded === forwarded) return known;
    const client: Client = { userAgent, forwarded, kind: agentOf(userAgent), address: clientAddress(req) };
    clients.set(req.socket, client);
    return client;
  };
  const keysOf = (client: Client, daySaltValue: string) => {
    if (client.keys?.salt !== daySaltValue) {
      client.keys = {
        salt: daySaltValue,
        visitor: visitorHash(daySaltValue, client.address, client.userAgent, siteHost),
        client: clientHash(daySaltValue, client.address),
      };
    }
    return client.keys;
  };
  return { clientOf, keysOf };
}

/**
 * The day's salt in a process's memory, for as long as the day lasts. Loads run one after the
 * other: a past day's, still on its way at midnight, never lands after the new day's load has
 * deleted the salts before it.
 */
function saltKeeper({ db, today, now, retryMs, logger }: { db: AppDatabase; today: () => string; now: () => number; retryMs: number; logger: Logger }) {
  let salt: { day: string; value: string } | undefined;
  let loading: { day: string; done: Promise<void> } | undefined;
  let queue = Promise.resolve();
  let askAgainAt = 0;
  const of = (day: string) => (salt?.day === day ? salt.value : undefined);
  const load = (day: string): Promise<void> => {
    if (of(day) !== undefined) return Promise.resolve();
    if (loading?.day === day) return loading.done;
    const done = queue.then(async () => {
      const value = await daySalt(db, day);
      if (day === today()) salt = { day, value };
    });
    const current = { day, done };
    loading = current;
    queue = done.catch(() => undefined).finally(() => {
      if (loading === current) loading = undefined;
    });
    return done;
  };
  return {
    of,
    load,
    /** For a view without the salt: a load, once per `retryMs` at most while the database is away. */
    ask: (day: string) => {
      if (loading || now() < askAgainAt) return;
      load(day).catch((error: unknown) => {
        askAgainAt = now() + retryMs;
        logger.warn({ err: error }, "the day's analytics salt could not be read; visitors wait for the next batch");
      });
    },
    forget: () => (salt = undefined),
  };
}

function emptyBatch(): Batch {
  return { views: new Map(), visitors: new Map(), unhashed: new Map(), chars: 0 };
}

/**
 * Adds a view of a path to a visitor of the batch, or the visitor, while the batch has room (its
 * views per path are what the crossed roll-up credits to the visit's source).
 */
function addVisitor<V extends { paths: Set<string>; views: Map<string, number>; source: VisitSource }>(batch: Batch, visitors: Map<string, V>, key: string, path: string, make: () => V): void {
  const visitor = visitors.get(key);
  if (visitor?.paths.has(path)) {
    visitor.views.set(path, (visitor.views.get(path) ?? 0) + 1);
    return;
  }
  const full = batch.chars >= BATCH_CHARS;
  if (visitor) {
    if (full) return;
    visitor.paths.add(path);
    visitor.views.set(path, 1);
    batch.chars += ENTRY_CHARS + path.length;
    return;
  }
  if (full || batch.visitors.size + batch.unhashed.size >= BATCH_VISITORS) return;
  const made = make();
  visitors.set(key, made);
  batch.chars += 2 * ENTRY_CHARS + key.length + path.length + Object.values(made.source).join("").length;
}

/**
 * The batch as the writer takes it: visitors counted before the salt was known are hashed now, if
 * it is (still) known; otherwise they are left out (a past day's salt is gone).
 */
function hashWaiting(batch: Batch, daySaltValue: string | undefined, siteHost: string): DayViews {
  if (batch.unhashed.size === 0 || daySaltValue === undefined) return batch;
  const visitors = new Map(batch.visitors);
  for (const { address, userAgent, ...visitor } of batch.unhashed.values()) {
    const hash = visitorHash(daySaltValue, address, userAgent, siteHost);
    const known = visitors.get(hash);
    visitors.set(
      hash,
      known
        ? // Counted before the salt was there, the waiting visit came first: its landing page and source win.
          { ...known, source: visitor.source, paths: new Set([...known.paths, ...visitor.paths]), views: addedViews(known.views, visitor.views) }
        : { ...visitor, client: clientHash(daySaltValue, address) },
    );
  }
  return { views: batch.views, visitors };
}

/** Browsers' speculative loads (link prefetch, prerender): not a person looking at a page. */
function isPrefetch(headers: IncomingMessage["headers"]): boolean {
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  return typeof purpose === "string" && /prefetch|prerender|preview/i.test(purpose);
}

/** Merges a batch that could not be written into the one being counted. */
function putBack(batches: Map<string, Batch>, day: string, batch: Batch): void {
  const current = batches.get(day);
  if (!current) {
    batches.set(day, batch);
    return;
  }
  for (const [path, count] of batch.views) current.views.set(path, (current.views.get(path) ?? 0) + count);
  // The earlier batch saw the visit first: its landing page and source win.
  const merge = <V extends { paths: Set<string>; views: Map<string, number> }>(into: Map<string, V>, from: Map<string, V>) => {
    for (const [key, visitor] of from) {
      const known = into.get(key);
      into.set(key, known ? { ...visitor, paths: new Set([...visitor.paths, ...known.paths]), views: addedViews(visitor.views, known.views) } : visitor);
    }
  };
  merge(current.visitors, batch.visitors);
  merge(current.unhashed, batch.unhashed);
  current.chars += batch.chars;
}

/** Two visitors' views per path added up. */
function addedViews(a: Map<string, number>, b: Map<string, number>): Map<string, number> {
  const sum = new Map(a);
  for (const [path, views] of b) sum.set(path, (sum.get(path) ?? 0) + views);
  return sum;
}

/** Runs `task` at every midnight (UTC) by `now`'s clock, until stopped; failures are logged. */
function atEachMidnight(now: () => number, task: (stopped: () => boolean) => Promise<void>, logger: Logger): { stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    const at = now();
    timer = setTimeout(() => {
      schedule();
      task(() => stopped).catch((error: unknown) =>
        logger.warn({ err: error }, "the past day's analytics salt could not be deleted; the hourly housekeeping will"),
      );
    }, Date.parse(`${dayOf(at)}T00:00:00Z`) + DAY_MS - at);
    timer.unref();
  };
  schedule();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
