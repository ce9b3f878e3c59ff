import type { IncomingMessage, ServerResponse } from "node:http";
import "react-router";
import express from "express";
import * as build from "virtual:react-router/server-build";
import { loadConfig } from "./config.server";
import type { AppServices } from "./context.server";
import { createDatabase } from "./db/database.server";
import { migrateToLatest } from "./db/migrate.server";
import { ensureSpecificationPages } from "./pages/specification-pages.server";
import { ensureAdminPassword } from "./auth/admin-auth.server";
import { writeFirstPassword } from "./auth/first-password.server";
import type { Lifecycle } from "./lifecycle/lifecycle.server";
import { createSiteRouter, pageRenderer } from "./routes.server";
import { connectAtStart, describeTarget, withStartupLock } from "./lifecycle/database-startup.server";
import { oneLine, StartupError } from "./lifecycle/startup-error.server";
import { pagesHandler } from "./cache/pages.server";
import { contentMemo } from "./blog/content-memo.server";
import { forgetMenus } from "./navigation/navigation.server";
import { nextScheduledPublication } from "./blog/post-visibility.server";
import { nextScheduledPagePublication } from "./pages/page-schedule.server";
import { SEARCH_LIMIT } from "./search/search-limit.server";
import { requestLog } from "./http/request-log.server";
import { headerPolicy } from "./http/security-headers.server";
import { createLogger } from "./logger.server";
import { startOutboxWorker } from "./mail/outbox-worker.server";
import { startMaintenance } from "./maintenance.server";
import { startWeeklyReports } from "./analytics/weekly-report.server";
import { createPageViews } from "./analytics/page-views.server";
import { createVitalsCollector } from "./analytics/web-vitals.server";
import { clientAddressReader } from "./http/client-key.server";
import { createMailTransport } from "./mail/transport.server";
import { startSearchWorker } from "./search/search-worker.server";

/**
 * The application: services built once, the JSON API, and React Router's request handler.
 * server/index.ts hosts it; nothing else creates a database pool.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const db = openDatabase();
await connectAtStart(db, config.database, {
  attempts: config.databaseConnectAttempts,
  delayMs: 3_000,
  report: (line) => console.error(line),
});
// Several processes may start at once: one migrates, the others wait and find nothing to do.
const { generated } = await withStartupLock(db, async (locked) => {
  await migrateToLatest(locked);
  // The specification's pages, as pages the team edits: created where none is yet (decision 199).
  await ensureSpecificationPages(locked);
  return ensureAdminPassword(locked, config.adminPassword);
});
if (generated) {
  // Into a file only its owner can read; the console and the logs get its path, never the password.
  const file = writeFirstPassword(config.dataDir, generated);
  console.log(
    `No admin password was configured, so one was generated and written to ${file} (readable by this user only). ` +
      "Sign in at /admin/login with it, then delete the file; change the password with: npm run admin -- set-password",
  );
}

const services: AppServices = { config, db, logger };
// SQLite searches read on a thread of their own (docs/decisions/173); none on PostgreSQL.
const searchWorker = startSearchWorker(db, config.database);
/** Set by server/index.ts when SIGTERM arrives: readiness then answers "draining". */
export const lifecycle: Lifecycle = { draining: false };

// Delivers the mail outbox (SMTP, or the log without SMTP_URL) until shutdown().
const mailTransport = createMailTransport({
  smtpUrl: config.smtpUrl,
  requireTls: config.smtpRequireTls,
  from: config.mail.from,
  logger,
});
const outboxWorker = startOutboxWorker({
  db,
  transport: mailTransport,
  logger,
  claimTtlMs: config.outboxClaimTtlMs,
});
const maintenance = startMaintenance(services);
// The weekly analytics email, queued once a week by one process (docs/decisions/186, 187).
const weeklyReports = startWeeklyReports(services);

/** The header policy of every response (server/index.ts sets it first) and of every page. */
export const headers = headerPolicy({ siteUrl: config.public.siteUrl, development: !config.isProduction });

// Page views counted in memory, written in batches (docs/decisions/141).
const pageViews = config.analytics
  ? createPageViews({
      db,
      siteHost: new URL(config.public.siteUrl).hostname,
      flushMs: config.analyticsFlushMs,
      clientAddress: clientAddressReader(config.trustProxy),
      logger,
    })
  : undefined;

// Real visitors' page speed, gathered the same way (docs/decisions/143).
const vitals = createVitalsCollector(db, { flushMs: config.analyticsFlushMs, logger });

const pages = pagesHandler({
  services,
  build,
  policy: headers,
  perRequest: pageRenderer(services, build),
  countView: pageViews?.count,
  content: {
    nextPublications: [nextScheduledPublication, nextScheduledPagePublication],
    forgetDerived: (db) => {
      contentMemo(db).forget();
      forgetMenus(db);
    },
    searchLimit: SEARCH_LIMIT,
  },
});

const logRequest = requestLog(logger);

/**
 * What runs before Express (server/index.ts): a page the cache holds, answered with its stored
 * head, unless the process is draining (every answer then closes its connection).
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): boolean {
  return !lifecycle.draining && pages.serveCached(req, res, logRequest.answered);
}

/** What Express runs first (server/index.ts): the request log, then pages straight from the page cache. */
export const front = express.Router();
front.use(logRequest);
front.use(pages.fromCache);

export const app = createSiteRouter(services, pages.render, {
  lifecycle,
  logRequests: false,
  webVitals: { routes: build.routes, collector: vitals },
});

export { config };

/** The configured database, or a StartupError naming why it cannot be opened. */
function openDatabase() {
  try {
    return createDatabase(config.database, {
      onConnectionError: (error) => logger.warn({ err: error }, "database connection lost; reconnecting on next use"),
    });
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw new StartupError(`Could not open the database ${describeTarget(config.database)}: ${oneLine(error)}`);
  }
}

/** Closes what the app opened; called once the HTTP server has drained. */
export async function shutdown(): Promise<void> {
  maintenance.stop();
  weeklyReports.stop();
  await pageViews?.close();
  await vitals.close();
  await outboxWorker.stop();
  mailTransport.close();
  await searchWorker?.close();
  await db.destroy();
}
