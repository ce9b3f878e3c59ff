import express from "express";
import { sql } from "kysely";
import type { AppServices } from "../context.server";
import { DATABASE_RETRY_AFTER_SECONDS } from "../db/database-errors.server";
import type { Lifecycle } from "./lifecycle.server";


/** How long readiness waits for the database before calling it unavailable. */
const READINESS_TIMEOUT_MS = 2_000;

/**
 * `/healthz` is liveness: 200 while the process runs and answers, even when the database is away
 * (restarting the process would not bring it back). `/readyz` is readiness, for load balancers:
 * 200 only when the database answers and the process is not shutting down.
 */
export function healthRouter({ db, logger }: AppServices, lifecycle: Lifecycle) {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (lifecycle.draining) return void res.status(503).json({ status: "draining" });
    try {
      await withTimeout(sql`select 1`.execute(db), READINESS_TIMEOUT_MS);
      res.json({ status: "ready" });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed: the database does not answer");
      res.status(503).set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS)).json({ status: "unavailable" });
    }
  });
  return router;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
