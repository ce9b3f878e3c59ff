import { expect, test } from "./fixtures";

const paths = ["/", "/blog", "/no-such-page", "/healthz", "/favicon.svg"];

test("every response carries a nonce CSP without 'unsafe-inline' scripts and the strict headers", async ({ request }) => {
  const html = await request.get("/");
  const assetPath = /<script[^>]+src="([^"]+)"|href="(\/assets\/[^"]+\.js)"/.exec(await html.text());
  const asset = assetPath?.[1] ?? assetPath?.[2];
  expect(asset, "a hashed script asset").toBeTruthy();

  for (const path of [...paths, asset!]) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'|'sha256-/);
    expect(scriptSrc, path).not.toContain("unsafe-inline");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBeTruthy();
    expect(headers["permissions-policy"], path).toBeTruthy();
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
});

test("each page gets a fresh nonce, and its inline scripts carry it", async ({ request }) => {
  // A page rendered per request (public pages come from the page cache with script hashes).
  const first = await request.get("/admin/login");
  const second = await request.get("/admin/login");
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const nonce = nonceOf(first.headers()["content-security-policy"] ?? "");
  expect(nonce).toBeTruthy();
  expect(nonceOf(second.headers()["content-security-policy"] ?? "")).not.toBe(nonce);

  const html = await first.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
});

test("the page's scripts run under the policy: it hydrates with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  // The menu button only works once React has hydrated the page.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Request demo" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("hashed assets are cached for a year as immutable, and responses are compressed", async ({ request }) => {
  const html = await request.get("/", { headers: { "accept-encoding": "gzip" } });
  expect(html.headers()["content-encoding"]).toBe("gzip");
  const asset = /href="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  const response = await request.get(asset!);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("the health check answers when the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});
