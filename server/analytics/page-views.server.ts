import type { IncomingMessage } from "node:http";
import { campaignOf, dayOf, deviceClass, NOT_FOUND_PATH, referrerHost, type DeviceClass, type VisitSource } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import type { Logger } from "../logger.server";
import { batchWriter } from "./batch-writer.server";
import { isBrowserAgent } from "./beacons.server";
import { writeViews, type DayViews } from "./view-batches.server";

/**
 * Page views counted in memory and written in batches (docs/decisions/141). Counting is what a
 * cached page hit pays, so it only looks at headers and adds to two maps; hashing and the
 * database wait for the batch.
 */
export type PageViews = {
  /**
   * Counts a public page answered with 200 or 404 to a GET (the caller knows the page and its
   * status); prefetches and bots are left out here.
   */
  count: (req: IncomingMessage, status: number, path: string, search: string) => void;
  /** Writes what was counted so far; batches wait for each other. */
  flush: () => Promise<void>;
  /** Stops the timer and writes the last batch (shutdown). */
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
 * Visitors held in one batch at most (memory); beyond, views still count, and a visitor left out
 * is counted at their next view in a later batch.
 */
const BATCH_VISITORS = 50_000;

/** What a connection's requests tell of their client, while its user agent and forwarded address stay. */
type Client = { userAgent: string; forwarded: string | string[] | undefined; kind: DeviceClass | "bot"; address: string; key: string };

export function createPageViews({ db, siteHost, flushMs, clientAddress, logger, now = Date.now }: Options): PageViews {
  const agents = new Map<string, DeviceClass | "bot">();
  let batches = new Map<string, DayViews>();
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
    const address = clientAddress(req);
    const client: Client = { userAgent, forwarded, kind: agentOf(userAgent), address, key: `${address}\n${userAgent}` };
    clients.set(req.socket, client);
    return client;
  };

  const count = (req: IncomingMessage, status: number, pagePath: string, search: string) => {
    const { headers } = req;
    if (isPrefetch(headers)) return;
    const path = status === 404 ? NOT_FOUND_PATH : pagePath;
    const client = clientOf(req, headers["user-agent"] ?? "");
    const device = client.kind;
    if (device === "bot") return;
    let batch = batches.get(today());
    if (!batch) batches.set(day, (batch = { views: new Map(), visitors: new Map() }));
    batch.views.set(path, (batch.views.get(path) ?? 0) + 1);
    // Asked not to be tracked: a view, anonymously.
    if (headers["sec-gpc"] === "1" || headers.dnt === "1") return;
    const { address, userAgent, key } = client;
    const visitor = batch.visitors.get(key);
    if (visitor) {
      visitor.paths.add(path);
      return;
    }
    if (batch.visitors.size >= BATCH_VISITORS) return;
    const source: VisitSource = {
      landing_path: path,
      referrer_host: referrerHost(headers.referer, siteHost),
      ...campaignOf(search),
    };
    batch.visitors.set(key, { address, userAgent, device, source, paths: new Set([path]) });
  };

  const writer = batchWriter(flushMs, async () => {
    if (batches.size === 0) return;
    const taken = batches;
    batches = new Map();
    for (const [viewed, views] of taken) {
      try {
        await writeViews(db, { day: viewed, views, siteHost, today: today() });
      } catch (error) {
        // The database is away: the counts wait for the next batch instead of being lost.
        logger.warn({ err: error }, "page views could not be written; kept for the next batch");
        putBack(batches, viewed, views);
      }
    }
  });

  return { count, flush: writer.flush, close: writer.close };
}

/** Browsers' speculative loads (link prefetch, prerender): not a person looking at a page. */
function isPrefetch(headers: IncomingMessage["headers"]): boolean {
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  return typeof purpose === "string" && /prefetch|prerender|preview/i.test(purpose);
}

/** Merges a batch that could not be written into the one being counted. */
function putBack(batches: Map<string, DayViews>, day: string, views: DayViews): void {
  const current = batches.get(day);
  if (!current) {
    batches.set(day, views);
    return;
  }
  for (const [path, count] of views.views) current.views.set(path, (current.views.get(path) ?? 0) + count);
  for (const [key, visitor] of views.visitors) {
    const known = current.visitors.get(key);
    // The earlier batch saw the visit first: its landing page and source win.
    current.visitors.set(key, known ? { ...visitor, paths: new Set([...visitor.paths, ...known.paths]) } : visitor);
  }
}
