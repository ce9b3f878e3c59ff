import type { ServerBuild } from "react-router";
import { SLUG_PATTERN } from "../../domain/slug";

/**
 * One address per page (docs/decisions/140). React Router matches paths case-insensitively and
 * after decoding, and `new Request()` resolves dot segments, so `/BLOG/a`, `/%62log/a`,
 * `/x/../blog/a` and `/blog//a/` all render `/blog/a`. The page cache, its tags and its rules
 * are about pages, not spellings: a request is served only at its page's canonical address,
 * every other spelling is sent there.
 */
export type PageAddress = {
  /** The canonical path: the route's own letters, normalised encoding, no dot segments. */
  path: string;
  /** The id of the innermost route that matched (`routes/blog-post`, `admin-edit`, …). */
  routeId: string;
  /** The route's parameters, decoded as React Router passes them to the loader. */
  params: Readonly<Record<string, string | undefined>>;
};

/**
 * Finds the page a normalised path names, matching as React Router does for this site's routes
 * (literal segments in any letter case, a parameter per segment, `*` for the rest; the most
 * specific route wins), over patterns prepared once: React Router's own `matchRoutes` ranks the
 * whole route tree again at every call (a third of a millisecond), and the test beside this file
 * holds the two to the same answers. The canonical spelling takes each literal segment from the
 * route's pattern and a post's slug in lower case (slugs are lower case by rule, domain/slug.ts).
 */
export function pageAddressFinder(routes: RouteManifest): (path: string) => PageAddress | undefined {
  const patterns = routePatterns(routes);
  return (path) => {
    const segments = path.split("/").filter(Boolean);
    for (const { routeId, parts } of patterns) {
      const params = matchParts(parts, segments);
      if (!params) continue;
      const canonical = segments.map((segment, index) => {
        const part = parts[index];
        if (part === undefined || part === "*") return segment;
        if (part === ":slug") return SLUG_PATTERN.test(segment.toLowerCase()) ? segment.toLowerCase() : segment;
        return part.startsWith(":") ? segment : part;
      });
      // Once a splat is reached, the rest of the path is its own.
      const splat = parts.indexOf("*");
      const path = `/${(splat === -1 ? canonical : [...canonical.slice(0, splat), ...segments.slice(splat)]).join("/")}`;
      return { path, routeId, params };
    }
    return undefined;
  };
}

/** What of the build's route manifest (`build.routes`) the matching reads. */
type RouteManifest = Record<string, Pick<NonNullable<ServerBuild["routes"][string]>, "id" | "parentId" | "path" | "index" | "caseSensitive"> | undefined>;

type RoutePattern = { routeId: string; parts: string[]; score: number };

/** Every route that renders a page, with its full pattern, the most specific first. */
function routePatterns(routes: RouteManifest): RoutePattern[] {
  const all = Object.values(routes).filter((route) => route !== undefined);
  const parents = new Set(all.map((route) => route.parentId));
  const fullParts = (route: (typeof all)[number]): string[] => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    return [...(parent ? fullParts(parent) : []), ...(route.path ?? "").split("/").filter(Boolean)];
  };
  return all
    .filter((route) => route.index || !parents.has(route.id))
    .map((route) => {
      const parts = fullParts(route);
      return { routeId: route.id, parts, score: score(parts, Boolean(route.index)) };
    })
    .sort((a, b) => b.score - a.score);
}

/** React Router's ranking: literal segments weigh most, then parameters; a splat least. */
function score(parts: string[], index: boolean): number {
  let total = parts.length + (index ? 2 : 0);
  for (const part of parts) total += part === "*" ? -2 : part.startsWith(":") ? 3 : 10;
  return total;
}

function matchParts(parts: string[], segments: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!;
    if (part === "*") {
      params["*"] = segments.slice(index).map(decoded).join("/");
      return params;
    }
    const segment = segments[index];
    if (segment === undefined) return undefined;
    if (part.startsWith(":")) params[part.slice(1)] = decoded(segment);
    else if (part.toLowerCase() !== segment.toLowerCase()) return undefined;
  }
  return segments.length === parts.length ? params : undefined;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
