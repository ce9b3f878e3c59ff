import express from "express";
import { sql } from "kysely";
import type { AppServices } from "../context.server";

export function healthRouter({ db, logger }: AppServices) {
  const router = express.Router();
  router.get("/healthz", async (_req, res) => {
    try {
      await sql`select 1`.execute(db);
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });
  return router;
}
