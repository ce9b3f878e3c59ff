import { describe, expect, test } from "vitest";
import { PAGE_BLOCK_TYPES } from "../../domain/page-blocks";
import { pageMessages, type SitePage } from "../../domain/site-pages";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { everyBlock } from "../../tests/helpers/every-block";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { getPreviewPage } from "./page-preview.server";
import { adminPagesRouter } from "./pages-api.server";
import { findPublishedPage } from "./public-pages.server";

const PASSWORD = "correct horse battery staple";

const richText = (text: string) => ({ id: "intro", type: "rich_text", html: `<p>${text}</p>` });

describe.each(testDatabaseKinds)("admin pages API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: () => [],
      ownBodies: (services) => [adminPagesRouter(services)],
    });
    const session = await login(db, PASSWORD);
    const call = (method: string, path: string, body?: unknown, token: string | null = session!.token) => send(path, { method, body, token });
    const sendRaw = (path: string, raw: string) => send(path, { raw, token: session!.token });
    const create = async (body: unknown) => {
      const response = await call("POST", "/admin/pages", body);
      expect(response.status).toBe(201);
      return (await response.json()) as SitePage;
    };
    return { db, call, create, sendRaw };
  }

  test("without a valid token every door answers 401", async () => {
    const { call } = await start();
    const doors: [string, string][] = [
      ["GET", "/admin/pages"],
      ["POST", "/admin/pages"],
      ["GET", "/admin/pages/x"],
      ["PATCH", "/admin/pages/x"],
      ["POST", "/admin/pages/x/publish"],
      ["POST", "/admin/pages/x/unpublish"],
      ["DELETE", "/admin/pages/x"],
      ["POST", "/admin/pages/x/preview-links"],
      ["POST", "/admin/pages/x/autosave"],
      ["GET", "/admin/pages/x/revisions"],
      ["GET", "/admin/pages/x/revisions/y"],
      ["POST", "/admin/pages/x/revisions/y/restore"],
      ["GET", "/admin/page-blocks"],
    ];
    for (const [method, path] of doors) {
      for (const token of [null, "not-a-real-token"]) {
        const response = await call(method, path, method === "GET" || method === "DELETE" ? undefined : {}, token);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.json()).toEqual({ error: "Authentication required" });
      }
    }
  });

  test("a block anchor the site's own page uses is refused, naming the field", async () => {
    const { call } = await start();
    for (const taken of ["page-modules", "main"]) {
      const cta = { id: "band", type: "cta", anchor: taken, title: "Join", actions: [{ kind: "contact" }] };
      const answer = await call("POST", "/admin/pages", { path: `/anchor-${taken}`, title: "Anchors", blocks: [cta] });
      expect(answer.status, taken).toBe(400);
      expect(JSON.stringify(await answer.json())).toContain("The site's own page uses this anchor: choose another");
    }
    const fine = { id: "band", type: "cta", anchor: "join-us", title: "Join", actions: [{ kind: "contact" }] };
    expect((await call("POST", "/admin/pages", { path: "/anchor-fine", title: "Anchors", blocks: [fine] })).status).toBe(201);
  });

  test("a page is created as a draft, edited, previewed and published; the site shows the live version until then", async () => {
    const { db, call, create } = await start();
    const page = await create({ path: "/webinar", title: "Webinar", blocks: [richText("Old words")] });
    expect(page).toMatchObject({ path: "/webinar", status: "draft", has_draft: true, system: false });
    expect((await call("POST", `/admin/pages/${page.id}/publish`, {})).status).toBe(200);

    const patched = await call("PATCH", `/admin/pages/${page.id}`, { blocks: [richText("New words")] });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ status: "published", has_draft: true, draft_blocks: [{ html: "<p>New words</p>" }] });
    expect(await findPublishedPage(db, "/webinar")).toMatchObject({ kind: "page", page: { blocks: [{ html: "<p>Old words</p>" }] } });

    const linked = await call("POST", `/admin/pages/${page.id}/preview-links`, {});
    expect(linked.status).toBe(201);
    const link = (await linked.json()) as { id: string; token: string; path: string; expires_at: string };
    expect(link.path).toBe(`/preview/${link.token}`);
    expect(await getPreviewPage(db, link.token)).toMatchObject({ blocks: [{ html: "<p>New words</p>" }] });

    const published = await call("POST", `/admin/pages/${page.id}/publish`, {});
    expect(await published.json()).toMatchObject({ status: "published", has_draft: false, blocks: [{ html: "<p>New words</p>" }] });
    expect(await findPublishedPage(db, "/webinar")).toMatchObject({ kind: "page", page: { blocks: [{ html: "<p>New words</p>" }] } });

    const listed = await call("GET", "/admin/pages");
    expect(await listed.json()).toEqual([
      { id: page.id, path: "/webinar", title: "Webinar", status: "published", updated_at: expect.any(String), system: false, has_draft: false, publish_at: null },
    ]);
    expect(await (await call("GET", `/admin/pages/${page.id}`)).json()).toMatchObject({ id: page.id, blocks: [{ type: "rich_text" }] });
  });

  test("a page of every block type is accepted; unknown types and bad fields answer 400 naming block and field", async () => {
    const { call, create, sendRaw } = await start();
    const page = await create({ path: "/everything", title: "Everything", blocks: everyBlock() });
    expect(page.draft_blocks).toEqual(everyBlock());

    const unknown = await call("POST", "/admin/pages", { path: "/x", title: "X", blocks: [{ id: "a", type: "carousel" }] });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Block 1 (carousel), type: Unknown block type", fields: { "blocks[0].type": "Unknown block type" } });

    const blocks = [...everyBlock().slice(0, 3), { id: "faq", type: "faq", items: [{ question: "Fine?", answer: "" }, { answer: "<p>No question</p>" }] }];
    const bad = await call("PATCH", `/admin/pages/${page.id}`, { blocks });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Block 4 (faq), items.1.question: Required", fields: { "blocks[3].items.1.question": "Required" } });

    for (const body of [{ title: "X" }, { path: "/x", title: "" }, { path: "/x", title: "X", blocks: "none" }, { path: "/x", title: "X", seo: { noindex: "yes" } }]) {
      const response = await call("POST", "/admin/pages", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
    const notJson = await sendRaw("/admin/pages", "{");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "Request body is not valid JSON" });
  });

  test("reserved addresses answer 400, taken ones 409; a moved page answers a redirect from its old address", async () => {
    const { db, call, create } = await start();
    for (const path of ["/blog/x", "/admin", "/api/x", "/preview/x", "/media/x", "/security/submit"]) {
      const response = await call("POST", "/admin/pages", { path, title: "T" });
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ error: pageMessages.pathReserved, fields: { path: pageMessages.pathReserved } });
    }
    const taken = await call("POST", "/admin/pages", { path: "/about", title: "T" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: pageMessages.pathTaken, fields: { path: pageMessages.pathTaken } });
    const page = await create({ path: "/spring", title: "Spring" });
    expect((await call("POST", "/admin/pages", { path: "/spring", title: "Again" })).status).toBe(409);

    await call("POST", `/admin/pages/${page.id}/publish`, {});
    expect((await call("PATCH", `/admin/pages/${page.id}`, { path: "/spring-offer" })).status).toBe(200);
    expect((await call("POST", `/admin/pages/${page.id}/publish`)).status).toBe(200);
    expect(await findPublishedPage(db, "/spring")).toEqual({ kind: "redirect", to: "/spring-offer" });
  });

  test("scheduling: later publishes answer the scheduled page; a live page is not scheduled; a bad time is 400", async () => {
    const { call, create } = await start();
    const page = await create({ path: "/launch", title: "Launch" });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call("POST", `/admin/pages/${page.id}/publish`, { at });
    expect(await scheduled.json()).toMatchObject({ status: "scheduled", publish_at: at });
    expect((await call("POST", `/admin/pages/${page.id}/publish`, { at: "soon" })).status).toBe(400);
    await call("POST", `/admin/pages/${page.id}/publish`, {});
    const refused = await call("POST", `/admin/pages/${page.id}/publish`, { at });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: pageMessages.scheduleLive, fields: { at: pageMessages.scheduleLive } });
  });

  test("delete answers 204 then 404; the specification's pages answer 409 to delete and unpublish", async () => {
    const { db, call, create } = await start();
    const page = await create({ path: "/gone", title: "Gone" });
    await call("POST", `/admin/pages/${page.id}/publish`, {});
    expect((await call("POST", `/admin/pages/${page.id}/unpublish`)).status).toBe(200);
    expect((await call("DELETE", `/admin/pages/${page.id}`)).status).toBe(204);
    expect(await findPublishedPage(db, "/gone")).toEqual({ kind: "none" });
    for (const [method, path] of [["GET", ""], ["PATCH", ""], ["DELETE", ""], ["POST", "/publish"], ["POST", "/unpublish"], ["POST", "/preview-links"]] as const) {
      const response = await call(method, `/admin/pages/${page.id}${path}`, method === "PATCH" ? { title: "X" } : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ error: "Page not found" });
    }

    const now = new Date().toISOString();
    await db
      .insertInto("site_pages")
      .values({ id: "about", path: "/about", title: "About", status: "published", system: 1, seo: "{}", blocks: "[]", draft: null, publish_at: null, published_at: now, created_at: now, updated_at: now })
      .execute();
    for (const [method, path] of [["DELETE", ""], ["POST", "/unpublish"]] as const) {
      const response = await call(method, `/admin/pages/about${path}`);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: pageMessages.systemPage });
    }
  });

  test("a page with large rich text is taken whole: bodies up to 2 MB", async () => {
    const { call, create } = await start();
    const paragraph = `<p>${"Practice makes a seller sure of every answer. ".repeat(40)}</p>`;
    const blocks = Array.from({ length: 12 }, (_, index) => ({ id: `text-${index}`, type: "rich_text", html: paragraph.repeat(45) }));
    const page = await create({ path: "/long-read", title: "Long read", blocks });
    expect(page.draft_blocks).toHaveLength(12);
    const tooLarge = await call("PATCH", `/admin/pages/${page.id}`, { blocks: [...blocks, ...blocks, ...blocks] });
    expect(tooLarge.status).toBe(413);
  });

  test("the block library lists every type with its label, description and fields", async () => {
    const { call } = await start();
    const response = await call("GET", "/admin/page-blocks");
    expect(response.status).toBe(200);
    const library = (await response.json()) as { type: string; label: string; description: string; fields: { properties: Record<string, unknown> } }[];
    expect(library.map((entry) => entry.type)).toEqual(PAGE_BLOCK_TYPES);
    expect(library.find((entry) => entry.type === "faq")).toMatchObject({ label: "FAQ", fields: { properties: { items: {} } } });
  });

  test("each change is on the audit trail, naming the page by its address", async () => {
    const { db, call, create } = await start();
    const page = await create({ path: "/audited", title: "Audited" });
    await call("PATCH", `/admin/pages/${page.id}`, { title: "Audited page" });
    await call("POST", `/admin/pages/${page.id}/publish`, {});
    await call("POST", `/admin/pages/${page.id}/unpublish`);
    await call("DELETE", `/admin/pages/${page.id}`);
    const events = await db.selectFrom("audit_events").select(["action", "target", "target_label"]).where("action", "like", "page.%").orderBy("at").orderBy("id").execute();
    expect(events.map((event) => event.action).sort()).toEqual(["page.created", "page.deleted", "page.published", "page.unpublished", "page.updated"]);
    expect(new Set(events.map((event) => `${event.target} ${event.target_label}`))).toEqual(new Set([`${page.id} /audited`]));
  });

  test("revisions: each save, autosave and publish is listed newest first; one is read whole and restored as the draft while the live page keeps serving", async () => {
    const { db, call, create } = await start();
    const page = await create({ path: "/webinar", title: "Webinar", blocks: [richText("Spring")] });
    await call("POST", `/admin/pages/${page.id}/publish`, {});
    const autosaved = await call("POST", `/admin/pages/${page.id}/autosave`, { blocks: [richText("Summer")] });
    expect(autosaved.status).toBe(200);
    expect(await autosaved.json()).toMatchObject({ status: "published", has_draft: true, draft_blocks: [{ html: "<p>Summer</p>" }] });
    await call("PATCH", `/admin/pages/${page.id}`, { title: "Summer webinar" });
    await call("POST", `/admin/pages/${page.id}/publish`, {});

    const listed = await call("GET", `/admin/pages/${page.id}/revisions`);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    const history = (await listed.json()) as { id: string; kind: string; published: boolean; title: string; saved_by: string | null }[];
    expect(history.map((each) => [each.kind, each.published, each.title])).toEqual([
      ["save", true, "Summer webinar"],
      ["save", false, "Summer webinar"],
      ["autosave", false, "Webinar"],
      ["save", true, "Webinar"],
      ["save", false, "Webinar"],
    ]);
    expect(history.every((each) => typeof each.saved_by === "string")).toBe(true);

    const spring = history[3]!;
    const read = await call("GET", `/admin/pages/${page.id}/revisions/${spring.id}`);
    expect(await read.json()).toMatchObject({ id: spring.id, page_id: page.id, page: { path: "/webinar", title: "Webinar", blocks: [{ html: "<p>Spring</p>" }] } });

    const restored = await call("POST", `/admin/pages/${page.id}/revisions/${spring.id}/restore`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ status: "published", title: "Summer webinar", draft: { title: "Webinar" }, draft_blocks: [{ html: "<p>Spring</p>" }] });
    const live = await findPublishedPage(db, "/webinar");
    expect(live.kind === "page" && live.page.blocks).toMatchObject([{ html: "<p>Summer</p>" }]);

    const events = await db.selectFrom("audit_events").select(["action", "detail"]).where("action", "=", "page.restored").execute();
    expect(events).toEqual([{ action: "page.restored", detail: spring.id }]);
  });

  test("revisions of an unknown page or an unknown revision answer 404 by name; an autosave is checked like a save", async () => {
    const { call, create } = await start();
    const page = await create({ path: "/webinar", title: "Webinar" });
    const missingPage = await call("GET", "/admin/pages/nope/revisions");
    expect(missingPage.status).toBe(404);
    expect(await missingPage.json()).toEqual({ error: pageMessages.notFound });
    for (const [method, path] of [
      ["GET", `/admin/pages/${page.id}/revisions/nope`],
      ["POST", `/admin/pages/${page.id}/revisions/nope/restore`],
      ["POST", `/admin/pages/nope/revisions/nope/restore`],
    ] as const) {
      const response = await call(method, path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: "Revision not found" });
    }
    const missingAutosave = await call("POST", "/admin/pages/nope/autosave", { title: "x" });
    expect(missingAutosave.status).toBe(404);
    const bad = await call("POST", `/admin/pages/${page.id}/autosave`, { blocks: [{ id: "a", type: "faq", items: [{ question: "", answer: "" }] }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty(["blocks[0].items.0.question"]);
  });
});
