import fc from "fast-check";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import { siteRouteManifest } from "../../tests/helpers/site-routes";
import { pageAddressFinder } from "./page-address.server";

describe("the page a path names", () => {
  const find = pageAddressFinder(siteRouteManifest());

  test("its canonical address takes the route's own letters and a slug in lower case", () => {
    expect(find("/")).toMatchObject({ path: "/", routeId: "routes/home" });
    expect(find("/BLOG")).toMatchObject({ path: "/blog", routeId: "routes/blog" });
    expect(find("/Blog/Some-Post")).toMatchObject({ path: "/blog/some-post", routeId: "routes/blog-post", params: { slug: "Some-Post" } });
    expect(find("/SECURITY/Submit")).toMatchObject({ path: "/security/submit", routeId: "routes/security-submit" });
    expect(find("/ADMIN/blog/EDIT/12")).toMatchObject({ path: "/admin/blog/edit/12", routeId: "admin-edit", params: { id: "12" } });
  });

  test("a preview token keeps its case; a path no page has keeps its own", () => {
    expect(find("/Preview/AbC-xYz_1")).toMatchObject({ path: "/preview/AbC-xYz_1", routeId: "routes/post-preview" });
    expect(find("/No/Such-Page")).toMatchObject({ path: "/No/Such-Page", routeId: "routes/not-found" });
  });

  test("it names the route React Router renders, with the same parameters, for any path", () => {
    const routes = routeObjects(siteRouteManifest());
    const words = ["blog", "BLOG", "admin", "Admin", "blog", "edit", "new", "preview", "security", "submit", "x", "caf%C3%A9", "a%2Fb", "messages", "reports", "12", "about", "api"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        const leaf = matchRoutes(routes, path)?.at(-1);
        const found = find(path);
        expect(found?.routeId, path).toBe(leaf?.route.id);
        expect(found?.params, path).toEqual(leaf?.params);
      }),
      { numRuns: 2000 },
    );
  });
});

/** The same routes as React Router's own route objects. */
function routeObjects(manifest: ReturnType<typeof siteRouteManifest>): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: children(route.id) }));
  return children(undefined);
}
