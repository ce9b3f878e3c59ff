import { describe, expect, test } from "vitest";
import type { PageRevisionSummary } from "../../domain/page-revisions";
import { PAGE_TEMPLATE_KEYS, PAGE_TEMPLATES } from "../../domain/page-templates";
import { pageMessages, type PageSummary, type SitePage } from "../../domain/site-pages";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword } from "../auth/admin-auth.server";
import { loginRouter } from "../auth/login-api.server";
import { peopleRouter } from "../people/people-api.server";
import { adminPagesRouter } from "./pages-api.server";
import { findPublishedPage } from "./public-pages.server";
import { ensureSpecificationPages, seedVersion } from "./specification-pages.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("the page builder's server parts on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one" },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services), peopleRouter(services)],
      ownBodies: (services) => [adminPagesRouter(services)],
    });
    const call = (method: string, path: string, token?: string, body?: unknown) => send(path, { method, token, body });
    const owner = ((await (await call("POST", "/admin/login", undefined, { password: PASSWORD })).json()) as { token: string }).token;
    /** Invites a person as the owner and answers their token once they have joined. */
    async function person(name: string, role: string) {
      const email = `${name.toLowerCase()}@example.com`;
      await call("POST", "/admin/people", owner, { email, name, role });
      const mail = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).executeTakeFirstOrThrow();
      const invitation = /\/admin\/invite\/([\w-]{43})/.exec(mail.text_body)![1]!;
      const joined = await call("POST", `/admin/invitations/${invitation}`, undefined, { name, password: `${name}'s own long password` });
      return ((await joined.json()) as { token: string }).token;
    }
    const create = async (token: string, path: string) => {
      const blocks = [{ id: "intro", type: "rich_text", html: `<p>At ${path}</p>` }];
      const response = await call("POST", "/admin/pages", token, { path, title: `Page ${path}`, blocks });
      expect(response.status).toBe(201);
      return (await response.json()) as SitePage;
    };
    const revisions = async (id: string) => (await (await call("GET", `/admin/pages/${id}/revisions`, owner)).json()) as PageRevisionSummary[];
    return { db, call, owner, person, create, revisions };
  }

  test("each built-in page's seeded content is its first revision, published and saved by nobody", async () => {
    const { db, call, owner, revisions } = await start();
    await ensureSpecificationPages(db);
    const pages = (await (await call("GET", "/admin/pages", owner)).json()) as PageSummary[];
    const features = pages.find((page) => page.path === "/features")!;
    const history = await revisions(features.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: "save", published: true, saved_by: null, saved_by_person: null, title: seedVersion("/features").title });
    const first = (await (await call("GET", `/admin/pages/${features.id}/revisions/${history[0]!.id}`, owner)).json()) as { page: { blocks: unknown[] } };
    expect(first.page.blocks).toEqual(seedVersion("/features").blocks);
    // A second start leaves the history as it is.
    await ensureSpecificationPages(db);
    expect(await revisions(features.id)).toHaveLength(1);
  });

  test("a revision names the person who saved it, their name as it is now", async () => {
    const { call, owner, person, create, revisions } = await start();
    const priya = await person("Priya", "editor");
    const page = await create(owner, "/webinar");
    expect((await call("PATCH", `/admin/pages/${page.id}`, priya, { title: "Webinar" })).status).toBe(200);
    expect((await call("POST", `/admin/pages/${page.id}/autosave`, priya, { title: "Webinar soon" })).status).toBe(200);
    const history = await revisions(page.id);
    expect(history.map((revision) => [revision.kind, revision.saved_by_person?.name, revision.saved_by_person?.role])).toEqual([
      ["autosave", "Priya", "editor"],
      ["save", "Priya", "editor"],
      ["save", "Owner", "owner"],
    ]);
    const one = (await (await call("GET", `/admin/pages/${page.id}/revisions/${history[0]!.id}`, owner)).json()) as PageRevisionSummary;
    expect(one.saved_by_person).toMatchObject({ name: "Priya", role: "editor" });
  });

  test("deleting a page may send its address, and its old ones, to another page with a 301", async () => {
    const { db, call, owner, create } = await start();
    const target = await create(owner, "/spring");
    const gone = await create(owner, "/winter");
    for (const page of [target, gone]) expect((await call("POST", `/admin/pages/${page.id}/publish`, owner, {})).status).toBe(200);
    // /winter moved to /winter-sale once: /winter is its old address.
    expect((await call("PATCH", `/admin/pages/${gone.id}`, owner, { path: "/winter-sale" })).status).toBe(200);
    expect((await call("POST", `/admin/pages/${gone.id}/publish`, owner, {})).status).toBe(200);

    // A target that is no other page is refused, naming the field; nothing is deleted.
    for (const redirect_to of [gone.id, "no-such-page", 42, ""]) {
      const refused = await call("DELETE", `/admin/pages/${gone.id}`, owner, { redirect_to });
      expect(refused.status, String(redirect_to)).toBe(400);
      expect(await refused.json()).toEqual({ error: pageMessages.redirectTarget, fields: { redirect_to: pageMessages.redirectTarget } });
    }
    expect(await findPublishedPage(db, "/winter-sale")).toMatchObject({ kind: "page" });

    expect((await call("DELETE", `/admin/pages/${gone.id}`, owner, { redirect_to: target.id })).status).toBe(204);
    expect((await call("GET", `/admin/pages/${gone.id}`, owner)).status).toBe(404);
    expect(await findPublishedPage(db, "/winter-sale")).toEqual({ kind: "redirect", to: "/spring" });
    expect(await findPublishedPage(db, "/winter")).toEqual({ kind: "redirect", to: "/spring" });
    // The address is free again: a new page there takes it over from the redirect.
    await create(owner, "/winter-sale");
    expect(await db.selectFrom("site_page_redirects").select("old_path").where("old_path", "=", "/winter-sale").execute()).toEqual([]);
  });

  test("deleting without a target still removes the page's old addresses", async () => {
    const { db, call, owner, create } = await start();
    const page = await create(owner, "/autumn");
    expect((await call("POST", `/admin/pages/${page.id}/publish`, owner, {})).status).toBe(200);
    expect((await call("PATCH", `/admin/pages/${page.id}`, owner, { path: "/autumn-sale" })).status).toBe(200);
    expect((await call("POST", `/admin/pages/${page.id}/publish`, owner, {})).status).toBe(200);
    expect((await call("DELETE", `/admin/pages/${page.id}`, owner)).status).toBe(204);
    expect(await findPublishedPage(db, "/autumn")).toEqual({ kind: "none" });
    expect(await db.selectFrom("site_page_redirects").select("old_path").execute()).toEqual([]);
  });

  test("a page made from each template is accepted as it is", async () => {
    const { call, owner } = await start();
    for (const key of PAGE_TEMPLATE_KEYS) {
      const template = PAGE_TEMPLATES[key];
      const blocks = template.blocks.map((block, index) => ({ ...block, id: `b${index}` }));
      const response = await call("POST", "/admin/pages", owner, { title: template.title || "Blank", path: `/template-${key.replace("_", "-")}`, blocks });
      expect(response.status, key).toBe(201);
      expect(((await response.json()) as SitePage).blocks.map((block) => block.type)).toEqual(template.blocks.map((block) => block.type));
    }
  });
});
