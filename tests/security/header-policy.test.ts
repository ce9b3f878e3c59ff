import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routes from "../../app/routes";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server";

const SITE_URL = "https://dialogic.example";

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every address of the route table, its parameters filled in (a missing post, an unknown id). */
function routeTablePaths(): string[] {
  const paths: string[] = [];
  const walk = (entries: RouteEntry[], prefix: string) => {
    for (const entry of entries) {
      const own = entry.index ? prefix || "/" : `${prefix}/${entry.path ?? ""}`;
      const filled = own
        .replace(/:slug/g, "no-such-post")
        .replace(/:id/g, "00000000-0000-4000-8000-000000000000")
        .replace(/:token/g, "A".repeat(43))
        .replace(/\*$/, "no-such-page");
      if (entry.path !== undefined || entry.index) paths.push(filled.replace(/\/{2,}/g, "/"));
      if (entry.children) walk(entry.children, own.replace(/\/$/, ""));
    }
  };
  walk(routes as RouteEntry[], "");
  return [...new Set(paths)];
}

/** Every endpoint of the API and the other answers the process serves, as a stranger calls them. */
const API_CALLS: { method: string; path: string; body?: string; type?: string }[] = [
  { method: "GET", path: "/api/posts" },
  { method: "GET", path: "/api/posts/no-such-post" },
  { method: "POST", path: "/api/admin/login", body: JSON.stringify({ password: "wrong password!" }), type: "application/json" },
  { method: "POST", path: "/api/admin/verify" },
  { method: "POST", path: "/api/admin/logout" },
  { method: "GET", path: "/api/admin/posts" },
  { method: "GET", path: "/api/admin/posts/some-id" },
  { method: "POST", path: "/api/admin/posts", body: "{}", type: "application/json" },
  { method: "PATCH", path: "/api/admin/posts/some-id", body: "{}", type: "application/json" },
  { method: "DELETE", path: "/api/admin/posts/some-id" },
  { method: "POST", path: "/api/contact", body: "{}", type: "application/json" },
  { method: "POST", path: "/api/security/reports", body: "", type: "multipart/form-data; boundary=x" },
  { method: "GET", path: "/api/admin/security/reports" },
  { method: "GET", path: `/api/security/case/${"A".repeat(43)}` },
  { method: "POST", path: "/api/security/case-link", body: "{}", type: "application/json" },
  { method: "GET", path: "/api/admin/security/metrics" },
  { method: "GET", path: "/api/admin/contact/messages" },
  { method: "GET", path: "/api/no-such-endpoint" },
];
const OTHER_PATHS = ["/healthz", "/sitemap.xml", "/rss.xml", "/robots.txt", "/.well-known/security.txt", "/favicon.svg"];

function expectBaseline(headers: Headers, label: string) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, label).toMatch(/(^|; )default-src 'none'(;|$)/);
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(/script-src [^;]*unsafe-inline/.test(csp), label).toBe(false);
  expect(/style-src [^;]*unsafe-inline/.test(csp), label).toBe(false);
  expect(csp, label).not.toMatch(/(^|\s)http:/);
  expect(headers.get("strict-transport-security"), label).toBe("max-age=31536000; includeSubDomains");
  expect(headers.get("x-content-type-options"), label).toBe("nosniff");
  // A reporter's case is keyed by its address: nothing of it leaves as a referrer (decision 144).
  const secret = /\/security\/case\/./.test(label);
  expect(headers.get("referrer-policy"), label).toBe(secret ? "no-referrer" : "strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy"), label).toBeTruthy();
  expect(headers.get("x-powered-by"), label).toBeNull();
}

describe("the header policy with an https SITE_URL", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ env: { SITE_URL } });
  });
  afterAll(() => server?.stop());

  test("every page of the route table: strict CSP, HSTS, and an explicit cache policy", async () => {
    const paths = routeTablePaths();
    expect(paths).toEqual(expect.arrayContaining(["/", "/blog", "/blog/no-such-post", "/admin/login", "/no-such-page"]));
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      await response.arrayBuffer();
      const headers = response.headers;
      expectBaseline(headers, path);
      const csp = headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/script-src 'strict-dynamic' ('(nonce|sha256)-[A-Za-z0-9+/=]+' ?)+(;|$)/);
      expect(csp, path).toContain("upgrade-insecure-requests");
      expect(csp, path).toContain("object-src 'none'");
      expect(headers.get("content-type"), path).toContain("text/html");
      const cacheControl = headers.get("cache-control");
      // The admin area, private draft previews and reporters' cases are never stored by a cache.
      if (path.startsWith("/admin") || path.startsWith("/preview/") || path.startsWith("/security/case/")) expect(cacheControl, path).toBe("no-store");
      else expect(cacheControl, path).toMatch(/^public, max-age=0, s-maxage=\d+/);
    }
  });

  test("every API answer and every other resource: nothing allowed, never stored by a cache", async () => {
    for (const call of API_CALLS) {
      const label = `${call.method} ${call.path}`;
      const response = await fetch(`${server.url}${call.path}`, {
        method: call.method,
        body: call.body,
        headers: call.type ? { "content-type": call.type } : {},
      });
      await response.arrayBuffer();
      expect(response.status, label).toBeLessThan(500);
      expectBaseline(response.headers, label);
      expect(response.headers.get("content-security-policy"), label).not.toContain("'strict-dynamic'");
      // Public post data may be kept if revalidated each time; everything else is never stored.
      const expected = call.path.startsWith("/api/posts") && call.method === "GET" ? /^no-(store|cache)$/ : /^no-store$/;
      expect(response.headers.get("cache-control") ?? "", label).toMatch(expected);
    }
    for (const path of OTHER_PATHS) {
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      expectBaseline(response.headers, path);
      expect(response.headers.get("cache-control"), path).toBeTruthy();
    }
  });
});
