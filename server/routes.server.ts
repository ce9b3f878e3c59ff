import { createRequestHandler } from "@react-router/express";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { AppServices } from "../context.server";
import { adminAuthRouter } from "./admin-auth-api.server";
import { adminCountsRouter } from "./admin-counts-api.server";
import { adminPostsRouter } from "./admin-posts-api.server";
import { demoClicksRouter } from "../analytics/demo-clicks-api.server";
import { apiErrorHandler, apiNotFound, jsonBody, sendApiError } from "./api-errors.server";
import { clientKey, warnOfUntrustedForwarding } from "./client-key.server";
import { contactApiRouter } from "./contact-api.server";
import { refuseCrossSite } from "./cross-site.server";
import { feedsRouter } from "./feeds.server";
import { healthRouter, type Lifecycle } from "./health.server";
import { adminMediaRouter, mediaRouter } from "./media.server";
import { postWorkflowRouter } from "../blog/post-workflow-api.server";
import { publicPostsRouter } from "./public-posts-api.server";
import { socialCardRouter } from "../social-cards/social-card-api.server";
import { searchApiRouter } from "../search/search-api.server";
import { requestLog } from "./request-log.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "../disclosure/case-api.server";
import { triageApiRouter } from "../disclosure/triage-api.server";
import { securityTxtRouter } from "./security-txt.server";
import { webVitalsRouter, type WebVitalsDoor } from "../analytics/web-vitals-api.server";
import { databaseUnavailableHandler } from "./unavailable.server";
import { analyticsRouter } from "../analytics/analytics-api.server";

/**
 * Every door of the site on one router: the JSON API, the feeds, and React Router's pages and
 * actions. server/app.ts mounts it with the real build; tests mount it with a build of their
 * own. Limits are not here: the services count them from the client key each door passes.
 */
export function createSiteRouter(
  services: AppServices,
  pages: RequestHandler,
  {
    lifecycle = { draining: false },
    logRequests = true,
    webVitals,
  }: {
    lifecycle?: Lifecycle;
    logRequests?: boolean;
    /** The page-speed beacon's door (the build's routes and the collector server/app.ts closes); without it, no door. */
    webVitals?: WebVitalsDoor;
  } = {},
) {
  const app = express.Router();

  if (logRequests) app.use(requestLog(services.logger));
  app.use(warnOfUntrustedForwarding(services.logger));
  app.use(refuseMalformedPaths);
  // Before anything that changes state, on every path (a `.data` or percent-encoded one too).
  app.use(refuseCrossSite(services.config.public.siteUrl));
  app.use(healthRouter(services, lifecycle));
  app.use(feedsRouter(services));
  app.use(socialCardRouter(services));
  app.use(mediaRouter(services));

  const api = express.Router();
  // API answers are never stored by browsers or proxies; a router may say otherwise for its own.
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  // Before the shared JSON parser: admin post bodies are larger and parsed only after the token
  // check; page-speed beacons are 1 KB at most and may come as text/plain.
  if (webVitals) api.use(webVitalsRouter(services, webVitals));
  api.use(adminPostsRouter(services));
  api.use(postWorkflowRouter(services));
  api.use(adminMediaRouter(services));
  api.use(demoClicksRouter(services));
  api.use(jsonBody());
  api.use(adminAuthRouter(services));
  api.use(contactApiRouter(services));
  api.use(adminCountsRouter(services));
  api.use(analyticsRouter(services));
  // Uploads in progress in this process, reports and case messages alike (docs/decisions/066).
  const uploadGate = createUploadGate(services.config.uploadQuota.concurrentUploads);
  api.use(securityReportsRouter(services, { gate: uploadGate }));
  api.use(caseApiRouter(services, { gate: uploadGate }));
  api.use(triageApiRouter(services));
  // Before /posts/:slug, which would read "search" as a slug.
  api.use(searchApiRouter(services));
  api.use(publicPostsRouter(services));
  api.use(apiNotFound);
  api.use(apiErrorHandler(services.logger));
  app.use("/api", api);
  app.use(securityTxtRouter(services));

  app.use(pages);
  // Middleware and handlers that found the database away: 503 with Retry-After, not 500.
  app.use(databaseUnavailableHandler(services.logger));
  app.use(pageErrors(services));
  return app;
}

/**
 * React Router's pages rendered per request with this response's nonce: what the page cache
 * (server/http/pages.server.ts) hands every page it does not keep, and what tests that serve a
 * build of their own mount directly.
 */
export function pageRenderer(services: AppServices, build: ServerBuild): RequestHandler {
  return createRequestHandler({
    build,
    getLoadContext: (req, res) => ({
      services,
      cspNonce: res.locals.cspNonce,
      // Read by the actions that count a client's limit: worked out only when one asks.
      get clientKey() {
        return clientKey(req);
      },
    }),
  });
}

/** The answer to a path that cannot name anything here. */
const MALFORMED_PATH = "The address is not valid: malformed percent-encoding or control characters.";

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * A path that is not valid percent-encoded UTF-8, or that decodes to control characters, names
 * nothing: 400 before any router tries it (Express would throw a URIError, React Router would
 * fail on a line break it copies into a header).
 */
const refuseMalformedPaths: RequestHandler = (req, res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    decoded = "\u0000";
  }
  if (!CONTROL_CHARACTER.test(decoded)) return next();
  if (req.path.startsWith("/api/")) return sendApiError(res, 400, MALFORMED_PATH);
  res.status(400).set("Cache-Control", "no-store").type("text/plain").send(MALFORMED_PATH);
};

/**
 * A path Express cannot decode (malformed percent-encoding) is the client's mistake: 400 as a
 * short text, never a 500. Anything else is logged and passed on.
 */
function pageErrors({ logger }: AppServices): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    const status = Number((error as { status?: unknown }).status);
    if (!res.headersSent && Number.isInteger(status) && status >= 400 && status < 500) {
      res.status(status).set("Cache-Control", "no-store").type("text/plain").send("Bad request");
      return;
    }
    logger.error({ err: error }, "unhandled page error");
    next(error);
  };
}
