import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";
import { isCasePath } from "../../domain/disclosure-case";
import { PREVIEW_PATH_PREFIX } from "../../domain/post-workflow";
import { normalisedPath, originForm } from "./path-spelling.server";
import type { Logger } from "../logger.server";

/**
 * The access log: as middleware (or called with a request and its response), it writes the
 * request's line when the answer is done or the client went away, then calls `next`.
 */
export type RequestLog = ((req: IncomingMessage, res: ServerResponse, next?: () => void) => void) & {
  /** Writes the line of an answer already sent whole (the page cache's, before Express). */
  answered: (req: IncomingMessage, res: ServerResponse) => void;
};

/**
 * One short line per request: id, method, URL and status, and how long it took; no headers or
 * bodies, so no tokens or cookies, and a preview link's token redacted from the URL. Health
 * checks are not logged: they are noise.
 *
 * The line is the one pino writes for `logger.info({ req, res, responseTime }, "request
 * completed")`, formatted here and handed to the logger's own destination: a cached page costs
 * about 25 microseconds to answer, and pino-http (two child loggers per request) or even one pino
 * call with the logger's redaction paths cost more than a third of that again (decision 140).
 */
export function requestLog(logger: Logger): RequestLog {
  // Below info nothing would be written: no per-request work at all.
  if (!logger.isLevelEnabled("info")) return Object.assign((_req: unknown, _res: unknown, next?: () => void) => next?.(), { answered: () => {} });
  const internals = logger as unknown as Record<symbol, unknown>;
  const destination = internals[pino.symbols.streamSym] as pino.DestinationStream;
  // `,"pid":…,"hostname":"…"`: what pino writes after the time of every line.
  const bindings = internals[pino.symbols.chindingsSym] as string;
  let lastId = 0;
  const write = (method: string | undefined, url: string, statusCode: number, startedAt: number, completed: boolean) => {
    lastId = (lastId + 1) % 2_147_483_647;
    const now = Date.now();
    const [level, message] = completed ? [30, "request completed"] : [40, "request aborted"];
    destination.write(
      `{"level":${level},"time":${now}${bindings},"req":{"id":${lastId},"method":${JSON.stringify(method ?? "")},"url":${JSON.stringify(loggedUrl(url))}},` +
        `"res":{"statusCode":${statusCode}},"responseTime":${now - startedAt},"msg":"${message}"}\n`,
    );
  };
  const log = (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
    // Read now: routers rewrite req.url on the way.
    const url = req.url ?? "";
    if (url !== "/healthz" && url !== "/readyz") {
      const startedAt = Date.now();
      res.once("close", () => write(req.method, url, res.statusCode, startedAt, res.writableFinished));
    }
    next?.();
  };
  return Object.assign(log, {
    answered: (req: IncomingMessage, res: ServerResponse) => write(req.method, req.url ?? "", res.statusCode, Date.now(), true),
  });
}

const PREVIEW_SEGMENT = PREVIEW_PATH_PREFIX.slice(1, -1);

/**
 * The URL as logged: a draft's preview link and a reporter's case link are keys, so their tokens
 * never reach the logs, whatever the spelling of the address (`/Preview/…`, `/x/../preview/…`,
 * `/%70review/…`, `http://host/preview/…`), nor do the case API's (`/api/security/case/{token}/…`),
 * nor an invitation's (`/admin/invite/{token}`, `/api/admin/invitations/{token}`).
 */
export function loggedUrl(target: string): string {
  // The common case, cheaply: nothing that could spell "preview", "case" or an invitation.
  if (!/review|case|invit|%/i.test(target)) return target;
  const url = originForm(target);
  const path = url.split("?", 1)[0]!;
  const segments = normalisedPath(path).toLowerCase().split("/");
  if (segments[1] === PREVIEW_SEGMENT) return `${PREVIEW_PATH_PREFIX}[redacted]`;
  const lower = segments.join("/");
  if (isCasePath(lower)) return `${lower.slice(0, lower.indexOf("/case/") + 5)}/[redacted]`;
  const invitation = /^(\/api)?\/admin\/(invite|invitations)\/./.exec(lower);
  if (invitation) return `${invitation[0].slice(0, -1)}[redacted]`;
  return url;
}
