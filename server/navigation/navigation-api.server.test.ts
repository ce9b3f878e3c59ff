import { describe, expect, test } from "vitest";
import { DEFAULT_MENUS, type Menus, type NavigationRevision } from "../../domain/navigation";
import { NAVIGATION_LIMITS, navigationMessages } from "../../domain/navigation-rules";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { seedPost } from "../../tests/helpers/posts";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { createPage } from "../pages/site-pages.server";
import { navigationRouter } from "./navigation-api.server";
import { forgetMenus, readMenus } from "./navigation.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("navigation API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [navigationRouter(services)],
    });
    const session = await login(db, PASSWORD);
    const call = (method: string, path: string, body?: unknown, token: string | null = session!.token) => send(path, { method, body, token });
    return { db, call };
  }

  test("without a valid token every door answers 401", async () => {
    const { call } = await start();
    for (const [method, path] of [["GET", "/admin/navigation"], ["PUT", "/admin/navigation"], ["GET", "/admin/navigation/revisions"], ["POST", "/admin/navigation/revisions/x/restore"]] as const) {
      const response = await call(method, path, method === "GET" ? undefined : {}, "not-a-real-token");
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ error: "Authentication required" });
    }
  });

  test("before any save the menus are the specification's links", async () => {
    const { call } = await start();
    const response = await call("GET", "/admin/navigation");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      header: [
        { label: "How it works", href: "/how-it-works" },
        { label: "Features", href: "/features" },
        { label: "About", href: "/science" },
        { label: "Blog", href: "/blog" },
      ],
      footer: [
        { label: "Privacy Policy", href: "/privacy" },
        { label: "Terms of Use", href: "/terms" },
        { label: "Security", href: "/security" },
        { label: "Support", href: "/support" },
        { label: "Contact", href: "/contact" },
      ],
    });
  });

  test("a save publishes at once: a page, a post, a category and outside addresses; audited and kept as a version", async () => {
    const { db, call } = await start();
    const page = await createPage(db, { path: "/webinar", title: "Webinar", blocks: [] });
    expect(page.ok).toBe(true);
    await seedPost(db, { title: "Launch notes", slug: "launch-notes", category: "Research", author_name: "Ada", read_time: "3 min read", published: true });
    const menus: Menus = {
      header: [
        { label: "Webinar", href: "/webinar" },
        { label: "Launch", href: "/blog/launch-notes" },
        { label: "Research", href: "/blog/category/research?page=2" },
        { label: "Docs", href: "https://docs.example.com/start" },
      ],
      footer: [
        { label: "Write to us", href: "mailto:hello@example.com" },
        { label: "Call", href: "tel:+15555550100" },
        { label: "Privacy Policy", href: "/privacy#cookies" },
      ],
    };
    const saved = await call("PUT", "/admin/navigation", { header: menus.header.map((item) => ({ ...item, label: ` ${item.label} ` })), footer: menus.footer });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(menus);
    expect(await (await call("GET", "/admin/navigation")).json()).toEqual(menus);
    expect(await readMenus(db)).toEqual(menus);

    const events = await db.selectFrom("audit_events").select(["action", "detail"]).where("action", "like", "navigation.%").execute();
    expect(events).toEqual([{ action: "navigation.saved", detail: "Header: Webinar, Launch, Research, Docs. Footer: Write to us, Call, Privacy Policy." }]);
    const changes = await db.selectFrom("content_changes").select("tags").execute();
    expect(changes.map((row) => row.tags)).toContain("every-page");
  });

  test("each bad item answers 400 naming the menu, the item and the field; nothing is saved", async () => {
    const { db, call } = await start();
    const fine = { label: "Blog", href: "/blog" };
    const cases: [Menus, string, string, string][] = [
      [{ header: [fine, { label: "  ", href: "/features" }], footer: [] }, "header[1].label", navigationMessages.labelRequired, "Header link 2: label: "],
      [{ header: [fine], footer: [{ label: "Run", href: "javascript:alert(1)" }] }, "footer[0].href", navigationMessages.unsafeScheme, 'Footer link 1 ("Run"): address: '],
      [{ header: [{ label: "Pic", href: "DATA:text/html,<b>x</b>" }], footer: [] }, "header[0].href", navigationMessages.unsafeScheme, 'Header link 1 ("Pic"): address: '],
      [{ header: [{ label: "Odd", href: "vbscript:x" }], footer: [] }, "header[0].href", navigationMessages.unsafeScheme, 'Header link 1 ("Odd"): address: '],
      [{ header: [{ label: "Away", href: "//evil.example" }], footer: [] }, "header[0].href", navigationMessages.hrefFormat, 'Header link 1 ("Away"): address: '],
      [{ header: [{ label: "Gone", href: "/no-such-page" }], footer: [] }, "header[0].href", navigationMessages.notAnswered, 'Header link 1 ("Gone"): address: '],
      [{ header: [fine], footer: [{ label: "Old post", href: "/blog/never-written" }] }, "footer[0].href", navigationMessages.notAnswered, 'Footer link 1 ("Old post"): address: '],
      [{ header: [{ label: "Topic", href: "/blog/category/nothing-here" }], footer: [] }, "header[0].href", navigationMessages.notAnswered, 'Header link 1 ("Topic"): address: '],
      [{ header: [{ label: "x".repeat(NAVIGATION_LIMITS.label + 1), href: "/blog" }], footer: [] }, "header[0].label", "Must be at most 40 characters", "Header link 1"],
      [{ header: [{ label: "Long", href: `/${"a".repeat(NAVIGATION_LIMITS.href)}` }], footer: [] }, "header[0].href", "Must be at most 500 characters", 'Header link 1 ("Long"): address: '],
      [{ header: [{ label: "Two\nlines", href: "/blog" }], footer: [] }, "header[0].label", "Must be a single line without line breaks or control characters", "Header link 1"],
      [{ header: Array.from({ length: NAVIGATION_LIMITS.header + 1 }, () => fine), footer: [] }, "header", navigationMessages.tooMany("header"), navigationMessages.tooMany("header")],
    ];
    for (const [body, field, message, errorStart] of cases) {
      const response = await call("PUT", "/admin/navigation", body);
      expect(response.status, field).toBe(400);
      const answer = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(answer.fields[field], JSON.stringify(body).slice(0, 80)).toBe(message);
      expect(answer.error.startsWith(errorStart), answer.error).toBe(true);
      expect(answer.error).toContain(message);
    }
    for (const body of [{}, { header: "links", footer: [] }, { header: [fine], footer: [{ label: "No address" }] }, [fine]]) {
      const response = await call("PUT", "/admin/navigation", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
    expect(await db.selectFrom("navigation_versions").select("id").execute()).toEqual([]);
    expect(await (await call("GET", "/admin/navigation")).json()).toEqual(DEFAULT_MENUS);
  });

  test("every save is kept: the history lists them newest first, and an earlier one can be restored", async () => {
    const { db, call } = await start();
    const first: Menus = { header: [{ label: "Blog", href: "/blog" }], footer: [] };
    const second: Menus = { header: [{ label: "Features", href: "/features" }, { label: "Blog", href: "/blog" }], footer: DEFAULT_MENUS.footer };
    expect((await call("PUT", "/admin/navigation", first)).status).toBe(200);
    expect((await call("PUT", "/admin/navigation", second)).status).toBe(200);

    const listed = (await (await call("GET", "/admin/navigation/revisions")).json()) as NavigationRevision[];
    expect(listed.map(({ header, footer }) => ({ header, footer }))).toEqual([second, first]);
    expect(listed[0]).toMatchObject({ saved_by: "Owner", saved_at: expect.any(String) });

    const restored = await call("POST", `/admin/navigation/revisions/${listed[1]!.id}/restore`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual(first);
    expect(await (await call("GET", "/admin/navigation")).json()).toEqual(first);
    expect(((await (await call("GET", "/admin/navigation/revisions")).json()) as NavigationRevision[]).length).toBe(3);
    const missing = await call("POST", "/admin/navigation/revisions/nothing/restore");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: navigationMessages.revisionNotFound });

    const events = await db.selectFrom("audit_events").select(["action", "target"]).where("action", "like", "navigation.%").orderBy("at").orderBy("id").execute();
    expect(events.map((event) => event.action)).toEqual(["navigation.saved", "navigation.saved", "navigation.restored"]);
    expect(events[2]!.target).toBe(listed[1]!.id);
  });

  test("with the menus unreadable, pages keep the menus last read (the specification's before any)", async () => {
    const { db, call } = await start();
    expect(await readMenus(db)).toEqual(DEFAULT_MENUS);
    const menus: Menus = { header: [{ label: "Docs", href: "https://docs.example.com/" }], footer: [{ label: "Privacy Policy", href: "/privacy" }] };
    expect((await call("PUT", "/admin/navigation", menus)).status).toBe(200);
    expect(await readMenus(db)).toEqual(menus);
    await db.schema.dropTable("navigation_versions").execute();
    forgetMenus(db);
    expect(await readMenus(db)).toEqual(menus);
  });
});
