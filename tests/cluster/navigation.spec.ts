import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { api, appProcess, clusterMissing, createEmptyDatabase, msUntilShown } from "./cluster-kit";

// Issue 44 (decision 218): menus saved through one process show in the header and footer the
// other serves within a second, though it keeps its pages cached: the save is a content change
// that drops every kept page on every process.
const missing = clusterMissing();
test.skip(Boolean(missing), missing);

test("menus saved on one process show in the header and footer served by the other within a second", async () => {
  const database = await createEmptyDatabase();
  const password = crypto.randomBytes(18).toString("base64url");
  // Each process reads the others' changes at most every 500 ms (the default is 1 s): a change is
  // then on every page within the interval plus one render.
  const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: password, SITE_URL: "http://127.0.0.1:9", PAGE_CACHE_CHECK_MS: "500" };
  const a = await appProcess("A", env);
  const b = await appProcess("B", env);
  try {
    // One after the other: the first migrates the empty database, which takes a while on a busy machine.
    await a.start();
    await b.start();
    const token = String((await api(a.url, "POST", "/api/admin/login", { body: { password } })).json.token);
    const path = `/pilot-${crypto.randomBytes(3).toString("hex")}`;
    const created = await api(a.url, "POST", "/api/admin/pages", { token, body: { path, title: "Pilot", blocks: [] } });
    expect(created.status).toBe(201);
    expect((await api(a.url, "POST", `/api/admin/pages/${String(created.json.id)}/publish`, { token, body: {} })).status).toBe(200);

    // B has the home page and /features kept, with the specification's links.
    for (const page of ["/", "/features", "/", "/features"]) {
      const html = await (await fetch(`${b.url}${page}`)).text();
      expect(html).toContain(">How it works</a>");
    }

    const label = `Pilot ${crypto.randomBytes(2).toString("hex")}`;
    const menus = {
      header: [{ label, href: path }, { label: "Blog", href: "/blog" }],
      footer: [{ label: "Status page", href: "https://status.example.com" }, { label: "Contact", href: "/contact" }],
    };
    const saved = await api(a.url, "PUT", "/api/admin/navigation", { token, body: menus });
    expect(saved.status).toBe(200);
    const shownOnHome = await msUntilShown(b.url, "/", `>${label}</a>`, 1_000);
    const shownOnFeatures = await msUntilShown(b.url, "/features", "https://status.example.com", 1_000);
    console.log(`menus saved on A: in B's header after ${shownOnHome} ms, in B's footer of /features after ${shownOnFeatures} ms`);
    expect(shownOnHome).toBeDefined();
    expect(shownOnFeatures).toBeDefined();
    const home = await (await fetch(`${b.url}/`)).text();
    expect(home).not.toContain(">How it works</a>");
    expect(home).toContain(`href="${path}"`);
    expect((await api(b.url, "GET", "/api/admin/navigation", { token })).json).toEqual(menus);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await database.drop();
  }
});
