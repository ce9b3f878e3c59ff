import { describe, expect, test } from "vitest";
import { withServedDates } from "../../domain/page-blocks";
import { SYSTEM_PAGE_PATHS, type SitePage } from "../../domain/site-pages";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { adminPagesRouter } from "./pages-api.server";
import { createPagePreviewLink, getPreviewPage } from "./page-preview.server";
import { findPublishedPage } from "./public-pages.server";
import { listPages } from "./site-pages.server";
import { ensureSpecificationPages, readSpecificationPage, seedVersion, SPECIFICATION_PAGES } from "./specification-pages.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("the specification's pages, seeded, on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      prepare: async (db) => {
        await ensureSpecificationPages(db);
        await ensureAdminPassword(db, PASSWORD);
      },
      routers: () => [],
      ownBodies: (services) => [adminPagesRouter(services)],
    });
    const session = await login(db, PASSWORD);
    const call = (method: string, path: string, body?: unknown) => send(path, { method, body, token: session!.token });
    return { db, call };
  }

  test("a fresh site has each of them published, marked as the site's own, from the specification's copy", async () => {
    const db = await server.database();
    expect(await ensureSpecificationPages(db)).toEqual(Object.keys(SPECIFICATION_PAGES));
    const pages = await listPages(db);
    expect(pages.map((page) => page.path).sort()).toEqual(Object.keys(SPECIFICATION_PAGES).sort());
    expect(pages.every((page) => page.system && page.status === "published" && !page.has_draft)).toBe(true);
    const now = new Date();
    for (const path of Object.keys(SPECIFICATION_PAGES)) {
      expect(SYSTEM_PAGE_PATHS).toContain(path);
      expect(await findPublishedPage(db, path, now)).toMatchObject({ kind: "page", page: { path, blocks: withServedDates(seedVersion(path).blocks, now) } });
    }
    // Run again (the next start, or the seed command), it adds nothing and changes nothing.
    expect(await ensureSpecificationPages(db)).toEqual([]);
    expect(await listPages(db)).toEqual(pages);
  });

  test("an edit of the home hero's title is a draft until published: / keeps serving, a preview link shows it, then / does; the page cannot be deleted", async () => {
    const { db, call } = await start();
    const home = (await listPages(db)).find((page) => page.path === "/")!;
    expect(home).toMatchObject({ title: "Home", system: true, status: "published" });
    const page = (await (await call("GET", `/admin/pages/${home.id}`)).json()) as SitePage;
    const [hero, ...rest] = page.blocks;
    if (hero?.type !== "hero") throw new Error("the home page opens with its hero");
    const heroTitle = (found: Awaited<ReturnType<typeof readSpecificationPage>>) => found.blocks[0]?.type === "hero" && found.blocks[0].title;

    // As the editor saves it: every field, the home page's own address "/" included.
    const saved = await call("PATCH", `/admin/pages/${home.id}`, { title: page.title, path: "/", seo: page.seo, blocks: [{ ...hero, title: "Conversations that teach" }, ...rest] });
    expect(saved.status).toBe(200);
    // "/" is the home page's: no other page can take it.
    expect((await call("POST", "/admin/pages", { path: "/", title: "Another home", blocks: [] })).status).toBe(409);
    expect(heroTitle(await readSpecificationPage(db, "/"))).toBe("Turn your documents into conversations that teach");
    // A private preview link shows the draft.
    const link = await call("POST", `/admin/pages/${home.id}/preview-links`, {});
    expect(link.status).toBe(201);
    const { token, path } = (await link.json()) as { token: string; path: string };
    expect(path).toBe(`/preview/${token}`);
    expect(heroTitle((await getPreviewPage(db, token))!)).toBe("Conversations that teach");

    expect((await call("POST", `/admin/pages/${home.id}/publish`, {})).status).toBe(200);
    const live = await readSpecificationPage(db, "/");
    expect(heroTitle(live)).toBe("Conversations that teach");
    expect(live.blocks.slice(1)).toEqual(rest);

    for (const [method, path] of [["DELETE", ""], ["POST", "/unpublish"]] as const) {
      expect((await call(method, `/admin/pages/${home.id}${path}`)).status, `${method} ${path}`).toBe(409);
    }
    expect((await listPages(db)).map((each) => each.path)).toContain("/");
  });

  test("the disclosure policy's effective date is the day it is served, in the server's time zone", async () => {
    const db = await server.database();
    await ensureSpecificationPages(db);
    const served = new Date(2026, 10, 27, 23, 30);
    const [policy] = (await readSpecificationPage(db, "/security", served)).blocks;
    expect(policy).toMatchObject({ type: "legal_document", effective_date: "2026-11-27" });
    // A preview link of the policy shows the day it is opened, as the page does.
    const page = (await listPages(db)).find((each) => each.path === "/security")!;
    const created = await createPagePreviewLink(db, page.id, "share", served);
    if (!created.ok) throw new Error(created.code);
    const [previewed] = (await getPreviewPage(db, created.link.token, served))!.blocks;
    expect(previewed).toMatchObject({ type: "legal_document", effective_date: "2026-11-27" });
  });
});
