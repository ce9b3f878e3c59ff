import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { AppServices } from "./context.server";
import { accountRouter } from "./auth/account-api.server";
import { loginRouter } from "./auth/login-api.server";
import { auditRouter } from "./audit/audit-api.server";
import { peopleRouter } from "./people/people-api.server";
import { passkeysRouter } from "./passkeys/passkeys-api.server";
import { adminCountsRouter } from "./admin/admin-counts-api.server";
import { adminPostsRouter } from "./blog/admin-posts-api.server";
import { adminPagesRouter } from "./pages/pages-api.server";
import { navigationRouter } from "./navigation/navigation-api.server";
import { knownAuthorsRouter } from "./blog/known-authors-api.server";
import { demoClicksRouter } from "./analytics/demo-clicks-api.server";
import { apiErrorHandler, apiNotFound, jsonBody, noStore, sendApiError } from "./http/api-errors.server";
import { clientKey, warnOfUntrustedForwarding } from "./http/client-key.server";
import { contactApiRouter } from "./contact/contact-api.server";
import { formsApiRouter } from "./forms/forms-api.server";
import { refuseCrossSite } from "./http/cross-site.server";
import { feedsRouter } from "./blog/feeds-api.server";
import { healthRouter } from "./lifecycle/health-api.server";
import type { Lifecycle } from "./lifecycle/lifecycle.server";
import { adminMediaRouter, mediaRouter } from "./media/media-api.server";
import { postWorkflowRouter } from "./blog/post-workflow-api.server";
import { reviewRequestsRouter } from "./blog/review-requests-api.server";
import { publicPostsRouter } from "./blog/public-posts-api.server";
import { socialCardRouter } from "./social-cards/social-card-api.server";
import { searchApiRouter } from "./search/search-api.server";
import { pageAdapter } from "./http/page-adapter.server";
import { requestLog } from "./http/request-log.server";
import { securityReportsRouter } from "./reports/security-reports-api.server";
import { createUploadGate } from "./reports/upload-quota.server";
import { caseApiRouter } from "./disclosure/case-api.server";
import { caseCorrectionRouter } from "./disclosure/case-correction-api.server";
import { triageApiRouter } from "./disclosure/triage-api.server";
import { securityTxtRouter } from "./disclosure/security-txt-api.server";
import { webVitalsRouter, type WebVitalsDoor } from "./analytics/web-vitals-api.server";
import { DEMO_CLICK_ENDPOINT } from "../domain/analytics";
import { WEB_VITALS_ENDPOINT } from "../domain/web-vitals";
import { databaseUnavailableHandler } from "./http/unavailable.server";
import { analyticsRouter } from "./analytics/analytics-api.server";
import { postStatsRouter } from "./analytics/post-stats-api.server";

/**
 * One entry of the table: the paths it answers (prefixes; under `/api` for the API's doors) and
 * the router or middleware that answers them (mounted under `at` when given), with the reason when
 * its place in the order matters.
 * routes.server.test.ts checks that every route a router declares starts with one of its paths.
 */
export type Door = { paths: readonly string[]; router: RequestHandler | ErrorRequestHandler; at?: string; why?: string };

/** Every path: middleware that runs for each request in its turn. */
const ALL = ["*"] as const;

type SiteOptions = {
  lifecycle?: Lifecycle;
  logRequests?: boolean;
  /** The page-speed beacon's door (the build's routes and the collector server/app.ts closes); without it, no door. */
  webVitals?: WebVitalsDoor;
};

/**
 * Every door of the site, in mount order: the JSON API (its own table, apiDoors), the feeds, the
 * files, and React Router's pages and actions last. Limits are not here: the services count them
 * from the client key each door passes.
 */
export function siteDoors(services: AppServices, pages: RequestHandler, options: SiteOptions = {}): Door[] {
  const { lifecycle = { draining: false }, logRequests = true } = options;
  return [
    ...(logRequests ? [{ paths: ALL, router: requestLog(services.logger) }] : []),
    { paths: ALL, router: warnOfUntrustedForwarding(services.logger) },
    { paths: ALL, router: refuseMalformedPaths, why: "before any router tries a path it cannot decode" },
    {
      paths: ALL,
      router: refuseCrossSite(services.config.public.siteUrl),
      why: "before anything that changes state, on every path (a `.data` or percent-encoded one too)",
    },
    { paths: ["/healthz", "/readyz"], router: healthRouter(services, lifecycle) },
    { paths: ["/rss.xml", "/sitemap.xml", "/robots.txt"], router: feedsRouter(services) },
    { paths: ["/media/cards/"], router: socialCardRouter(services) },
    { paths: ["/media/"], router: mediaRouter(services) },
    { paths: ["/api"], at: "/api", router: mountDoors(apiDoors(services, options.webVitals)) },
    { paths: ["/.well-known/security.txt", "/security.txt"], router: securityTxtRouter(services) },
    { paths: ALL, router: pages, why: "after every other door: any path left is a page (or React Router's 404)" },
    // Middleware and handlers that found the database away: 503 with Retry-After, not 500.
    { paths: ALL, router: databaseUnavailableHandler(services.logger) },
    { paths: ALL, router: pageErrors(services) },
  ];
}

/** Every door under `/api`, in mount order. */
export function apiDoors(services: AppServices, webVitals?: WebVitalsDoor): Door[] {
  // Uploads in progress in this process, reports and case messages alike (docs/decisions/066).
  const uploadGate = createUploadGate(services.config.uploadQuota.concurrentUploads);
  const beforeJson = "before the shared JSON parser: it reads its own body (larger, after the token check, or as text/plain)";
  return [
    { paths: ALL, router: noStore, why: "first: API answers are never stored; a router may say otherwise for its own" },
    ...(webVitals ? [{ paths: [WEB_VITALS_ENDPOINT.slice("/api".length)], router: webVitalsRouter(services, webVitals), why: beforeJson }] : []),
    { paths: ["/admin/posts"], router: adminPostsRouter(services), why: beforeJson },
    { paths: ["/admin/posts/", "/admin/preview-links"], router: postWorkflowRouter(services), why: beforeJson },
    { paths: ["/admin/pages", "/admin/page-blocks"], router: adminPagesRouter(services), why: beforeJson },
    { paths: ["/admin/media"], router: adminMediaRouter(services), why: beforeJson },
    { paths: [DEMO_CLICK_ENDPOINT.slice("/api".length)], router: demoClicksRouter(services), why: beforeJson },
    { paths: ["/security/case/"], router: caseCorrectionRouter(services), why: beforeJson },
    { paths: ALL, router: jsonBody() },
    { paths: ["/admin/login", "/admin/verify", "/admin/logout"], router: loginRouter(services) },
    { paths: ["/admin/passkeys", "/admin/login/passkey"], router: passkeysRouter(services) },
    { paths: ["/admin/factors", "/admin/recovery-codes", "/admin/sessions", "/admin/password"], router: accountRouter(services) },
    { paths: ["/admin/audit"], router: auditRouter(services) },
    { paths: ["/admin/navigation"], router: navigationRouter(services) },
    { paths: ["/admin/me", "/admin/people", "/admin/invitations/"], router: peopleRouter(services) },
    { paths: ["/contact", "/admin/contact/messages"], router: contactApiRouter(services) },
    { paths: ["/forms/", "/admin/forms"], router: formsApiRouter(services) },
    { paths: ["/admin/counts"], router: adminCountsRouter(services) },
    { paths: ["/admin/authors"], router: knownAuthorsRouter(services) },
    { paths: ["/admin/posts/", "/admin/review-requests"], router: reviewRequestsRouter(services) },
    { paths: ["/admin/analytics"], router: analyticsRouter(services) },
    { paths: ["/admin/posts/", "/admin/pages/"], router: postStatsRouter(services) },
    { paths: ["/security/reports", "/admin/security/reports"], router: securityReportsRouter(services, { gate: uploadGate }) },
    { paths: ["/security/case"], router: caseApiRouter(services, { gate: uploadGate }) },
    { paths: ["/admin/security/"], router: triageApiRouter(services, { gate: uploadGate }) },
    { paths: ["/posts/search"], router: searchApiRouter(services), why: "before /posts/:slug, which would read \"search\" as a slug" },
    { paths: ["/posts"], router: publicPostsRouter(services) },
    { paths: ALL, router: apiNotFound, why: "after every API door: a JSON 404 for the rest of /api" },
    { paths: ALL, router: apiErrorHandler(services.logger) },
  ];
}

/** The site on one router: server/app.ts mounts it with the real build; tests mount it with a build of their own. */
export function createSiteRouter(services: AppServices, pages: RequestHandler, options: SiteOptions = {}) {
  return mountDoors(siteDoors(services, pages, options));
}

/** A table's doors on one router, in the table's order. */
function mountDoors(doors: Door[]): express.Router {
  const router = express.Router();
  for (const door of doors) {
    if (door.at) router.use(door.at, door.router);
    else router.use(door.router);
  }
  return router;
}


/**
 * React Router's pages rendered per request with this response's nonce: what the page cache
 * (server/cache/pages.server.ts) hands every page it does not keep, and what tests that serve a
 * build of their own mount directly.
 */
export function pageRenderer(services: AppServices, build: ServerBuild): RequestHandler {
  return pageAdapter(build, (req, res) => ({
    services,
    cspNonce: res.locals.cspNonce,
    // Read by the actions that count a client's limit: worked out only when one asks.
    get clientKey() {
      return clientKey(req);
    },
  }));
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
