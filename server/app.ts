import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { loadConfig } from "./config.server";
import type { AppServices } from "./context.server";
import { createDatabase } from "./db/database.server";
import { migrateToLatest } from "./db/migrate.server";
import { ensureAdminPassword } from "./auth/admin-auth.server";
import { adminAuthRouter } from "./http/admin-auth-api.server";
import { adminPostsRouter } from "./http/admin-posts-api.server";
import { contactApiRouter, contactRateLimit } from "./http/contact-api.server";
import { apiErrorHandler, apiNotFound, jsonBody } from "./http/api-errors.server";
import { healthRouter } from "./http/health.server";
import { requestLog } from "./http/request-log.server";
import { securityReportsRouter } from "./http/security-reports-api.server";
import { securityTxtRouter } from "./http/security-txt.server";
import { feedsRouter } from "./http/feeds.server";
import { publicPostsRouter } from "./http/public-posts-api.server";
import { createLogger } from "./logger.server";
import { startOutboxWorker } from "./mail/outbox-worker.server";
import { createMailTransport } from "./mail/transport.server";

/**
 * The application: services built once, the JSON API, and React Router's request handler.
 * server/index.ts hosts it; nothing else creates a database pool.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const db = createDatabase(config.database);
await migrateToLatest(db);
const { generated } = await ensureAdminPassword(db, config.adminPassword);
if (generated) {
  // Printed once, straight to the operator's console; never written to the logs.
  console.log(
    `\nNo admin password was configured, so one was generated. Sign in at /admin/login with:\n\n    ${generated}\n\nIt is shown only this once. Change it with: npm run admin -- set-password\n`,
  );
}

const services: AppServices = { config, db, logger };

// Delivers the mail outbox (SMTP, or the log without SMTP_URL) until shutdown().
const mailTransport = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mail.from, logger });
const outboxWorker = startOutboxWorker({ db, transport: mailTransport, logger });

export const app = express.Router();

app.use(requestLog(logger));
app.use(healthRouter(services));
app.use(feedsRouter(services));

const api = express.Router();
// Before the shared JSON parser: admin post bodies are larger and parsed only after the token check.
api.use(adminPostsRouter(services));
api.use(jsonBody());
api.use(adminAuthRouter(services));
api.use(contactApiRouter(services));
api.use(securityReportsRouter(services));
api.use(publicPostsRouter(services));
api.use(apiNotFound);
api.use(apiErrorHandler(logger));
app.use("/api", api);
app.use(securityTxtRouter(services));

// The contact page's form post (without JavaScript) shares the API's limit; when limited, the
// page's action shows the message instead of a JSON answer.
app.post(
  "/contact",
  contactRateLimit(services, (_req, res, message, next) => {
    res.locals.rateLimited = message;
    next();
  }),
);

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (_req, res) => ({
      services,
      cspNonce: res.locals.cspNonce,
      rateLimited: res.locals.rateLimited,
    }),
  }),
);

export { config };

/** Closes what the app opened; called once the HTTP server has drained. */
export async function shutdown(): Promise<void> {
  await outboxWorker.stop();
  mailTransport.close();
  await db.destroy();
}
