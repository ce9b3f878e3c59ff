import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "../logger.server";

/** One short log line per request: method, URL and status; no headers or bodies. */
export function requestLog(logger: Logger): RequestHandler {
  // Below info nothing would be written: no per-request logger at all.
  if (!logger.isLevelEnabled("info")) return (_req, _res, next) => next();
  return pinoHttp({
    logger,
    // Hashed assets are served before this point; logging health checks is noise.
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    // No headers, so no tokens or cookies in the logs; bodies are never logged.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
