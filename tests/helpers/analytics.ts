import type { IncomingMessage } from "node:http";
import pino from "pino";
import { createPageViews } from "../../server/analytics/page-views.server";
import type { AppDatabase } from "../../server/db/database.server";

/** A page request as the view counter sees it: headers and the address it came from. */
export function viewRequest(address: string, headers: Record<string, string> = {}): IncomingMessage {
  return { method: "GET", headers, socket: { remoteAddress: address } } as unknown as IncomingMessage;
}

/**
 * Counts a few of today's views into `db` as the site does, so that it holds the day's salt,
 * visitor and client hashes and the roll-ups: three visitors on two pages.
 */
export async function countSomeViews(db: AppDatabase): Promise<void> {
  const views = createPageViews({
    db,
    siteHost: "www.example.com",
    flushMs: 60_000,
    clientAddress: (req) => req.socket.remoteAddress ?? "",
    logger: pino({ level: "silent" }),
  });
  await views.flush();
  for (const [address, path] of [["192.0.2.1", "/"], ["192.0.2.2", "/"], ["192.0.2.3", "/blog"]] as const) {
    views.count(viewRequest(address, { "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0 ${address}`, referer: "https://news.example/" }), 200, path, "");
  }
  await views.close();
}
