import express from "express";
import { parseVitalsBeacon, VITALS_BODY_MAX_BYTES, WEB_VITALS_ENDPOINT } from "../../domain/web-vitals";
import { isPublishedSlug } from "../blog/public-posts.server";
import { hasTaxonomyPage } from "../blog/post-taxonomy.server";

const TAXONOMY_ROUTES = new Set(["routes/blog-category", "routes/blog-author"]);
import { isNormalisedPath, normalisedPath } from "../http/path-spelling.server";
import { pageAddressFinder } from "../cache/page-address.server";
import { ARTICLE_ROUTE, NOT_FOUND_ROUTE, isPublicAddress } from "../cache/page-rules.server";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { countAttempt } from "../limits/rate-limits.server";
import { beaconBody, beaconJson } from "./beacons.server";
import { isBrowserAgent } from "./browser-agent.server";
import { VITALS_LIMIT, type VitalsCollector } from "./web-vitals.server";

/** What the page-speed door needs besides the services: the build's routes and the process's collector. */
export type WebVitalsDoor = {
  /** The build's route manifest (`build.routes`): which paths are public pages. */
  routes: Parameters<typeof pageAddressFinder>[0];
  collector: VitalsCollector;
};

/** How long an article's "published or not" is trusted: a post published now is measured within it. */
const SLUG_ANSWER_MS = 30_000;
const MAX_KEPT_SLUGS = 1_000;

/**
 * POST /api/analytics/vitals (docs/decisions/143): one page view's LCP, INP, CLS and TTFB from
 * `navigator.sendBeacon`. Bots are ignored (204, nothing kept); every other sender counts
 * against VITALS_LIMIT; the body is at most 1 KB of JSON (as application/json or as the
 * text/plain a beacon's string is sent as), every value bounded, and the path a public page of
 * the site (a published article's, not the not-found page's). Accepted: 204. Parses its own
 * body: mounted before the API's shared JSON parser.
 */
export function webVitalsRouter(services: AppServices, { routes, collector }: WebVitalsDoor): express.Router {
  const router = express.Router();
  const findPage = pageAddressFinder(routes);
  const published = publishedSlugs(services);
  const body = beaconBody(VITALS_BODY_MAX_BYTES);

  router.post(
    WEB_VITALS_ENDPOINT.slice("/api".length),
    (req, res, next) => {
      if (!isBrowserAgent(req.get("user-agent"))) return void res.status(204).end();
      next();
    },
    async (req, res, next) => {
      const limited = await countAttempt(services.db, VITALS_LIMIT, clientKey(req));
      if (limited) return sendRateLimited(res, limited);
      next();
    },
    body,
    async (req, res) => {
      const json = beaconJson(req, res);
      if (!json) return;
      const beacon = parseVitalsBeacon(json.value);
      if (!beacon.ok) return sendApiError(res, 400, beacon.error, beacon.field ? { [beacon.field]: beacon.error } : undefined);
      const address = findPage(isNormalisedPath(beacon.path) ? beacon.path : normalisedPath(beacon.path));
      const isPublicPage =
        address !== undefined &&
        address.routeId !== NOT_FOUND_ROUTE &&
        isPublicAddress(address) &&
        (address.routeId !== ARTICLE_ROUTE || (await published(address.params.slug ?? ""))) &&
        // A category's or author's page only while a published post has that name (decision 157).
        (!TAXONOMY_ROUTES.has(address.routeId) || (await published(`\u0000${address.routeId}\u0000${address.params.slug ?? ""}`)));
      if (!isPublicPage) {
        const error = "path is not a public page of this site.";
        return sendApiError(res, 400, error, { path: error });
      }
      collector.add(address.path, beacon.values);
      res.status(204).end();
    },
  );
  return router;
}

/**
 * Whether a slug is a published article's, each answer kept briefly: a page's readers report
 * one after another, and a flood of made-up slugs is bounded by the rate limit and the cap.
 */
function publishedSlugs({ db }: AppServices): (slug: string) => Promise<boolean> {
  const answers = new Map<string, { published: boolean; until: number }>();
  return async (slug) => {
    const now = Date.now();
    const known = answers.get(slug);
    if (known && known.until > now) return known.published;
    // A category's or author's page is asked as NUL, its route, NUL, its slug: no article's slug.
    const [, routeId, taxonomySlug] = slug.split("\u0000");
    const published =
      taxonomySlug === undefined
        ? await isPublishedSlug(db, slug)
        : await hasTaxonomyPage(db, routeId === "routes/blog-category" ? "category" : "author", taxonomySlug);
    if (answers.size >= MAX_KEPT_SLUGS) answers.clear();
    answers.set(slug, { published, until: now + SLUG_ANSWER_MS });
    return published;
  };
}
