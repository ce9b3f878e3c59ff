import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pinoHttp } from "pino-http";
import { loadConfig } from "./config.server";
import type { AppServices } from "./context.server";
import { createDatabase } from "./db/database.server";
import { migrateToLatest } from "./db/migrate.server";
import { healthRouter } from "./http/health.server";
import { createLogger } from "./logger.server";

/**
 * The application: services built once, the JSON API, and React Router's request handler.
 * server/index.ts hosts it; nothing else creates a database pool.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const db = createDatabase(config.database);
await migrateToLatest(db);

const services: AppServices = { config, db, logger };

export const app = express.Router();

app.use(
  pinoHttp({
    logger,
    // Hashed assets are served before this point; logging health checks is noise.
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    // One short line per request: no headers, so no tokens or cookies in the logs.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }),
);
app.use(healthRouter(services));
app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (_req, res) => ({ services, cspNonce: res.locals.cspNonce }),
  }),
);

export { config };

/** Closes what the app opened; called once the HTTP server has drained. */
export async function shutdown(): Promise<void> {
  await db.destroy();
}
