import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { PAGE_BLOCK_TYPES, type PageBlock } from "../../domain/page-blocks";
import { pageMessages, type SitePage } from "../../domain/site-pages";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { everyBlock } from "../../tests/helpers/every-block";
import { parseSanitizedTags } from "../../tests/helpers/html-tags";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { revokeAllPreviewLinks } from "../blog/preview-links.server";
import type { AppDatabase } from "../db/database.server";
import { createPagePreviewLink, getPreviewPage } from "./page-preview.server";
import { nextScheduledPagePublication } from "./page-schedule.server";
import { findPublishedPage, sitemapPages } from "./public-pages.server";
import { createPage, deletePage, getPage, listPages, publishPage, unpublishPage, updatePage } from "./site-pages.server";

const vectors = JSON.parse(readFileSync(new URL("../../tests/fixtures/xss-vectors.json", import.meta.url), "utf8")) as string[];

const intro = (text: string): PageBlock => ({ id: "intro", type: "rich_text", hidden: false, title: "", html: `<p>${text}</p>` });

async function newPage(db: AppDatabase, path: string, blocks: unknown[] = [intro("First words")]): Promise<SitePage> {
  const result = await createPage(db, { path, title: `Page ${path}`, blocks });
  if (!result.ok) throw new Error(`Page not created: ${result.error}`);
  return result.page;
}

async function publishedPage(db: AppDatabase, path: string, blocks?: unknown[]): Promise<SitePage> {
  const page = await newPage(db, path, blocks);
  const result = await publishPage(db, page.id, {});
  if (!result.ok) throw new Error(`Page not published: ${result.error}`);
  return result.page;
}

async function liveBlocks(db: AppDatabase, path: string) {
  const found = await findPublishedPage(db, path);
  return found.kind === "page" ? found.page.blocks : found.kind;
}

/** Every string of a block list, rich text included. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

/** What in cleaned HTML could run script: a script tag, an event handler, a `javascript:` address. */
function scriptsIn(html: string): string[] {
  const found = /<script/i.test(html) ? ["<script>"] : [];
  for (const tag of parseSanitizedTags(html)) {
    for (const [name, value] of tag.attributes) {
      if (name.startsWith("on")) found.push(`${tag.name} ${name}`);
      if (/^(?:javascript|vbscript):/.test(value.replace(/[\s\u0000-\u0020]+/g, "").toLowerCase())) found.push(`${name}=${value}`);
    }
  }
  return found;
}

describe.each(testDatabaseKinds)("pages service on %s", (kind) => {
  const server = apiTestServer(kind);

  test("a new page is a draft: listed, not on the site, its version in the draft", async () => {
    const db = await server.database();
    const page = await newPage(db, "/Webinar/");
    expect(page).toMatchObject({ path: "/webinar", status: "draft", system: false, has_draft: true, publish_at: null, published_at: null });
    expect(page.draft).toMatchObject({ path: "/webinar", title: "Page /Webinar/" });
    expect(await findPublishedPage(db, "/webinar")).toEqual({ kind: "none" });
    expect((await listPages(db)).map((summary) => summary.path)).toEqual(["/webinar"]);
    expect(await sitemapPages(db)).toEqual([]);
  });

  test("editing a published page writes a draft: the site keeps the old blocks, a preview shows the new, publishing shows them", async () => {
    const db = await server.database();
    const page = await publishedPage(db, "/webinar", [intro("Old words")]);
    expect(page).toMatchObject({ status: "published", has_draft: false });
    const edited = await updatePage(db, page.id, { blocks: [intro("New words")], title: "Webinar" });
    expect(edited.ok && edited.page).toMatchObject({ status: "published", has_draft: true, title: page.title, draft: { title: "Webinar" } });
    expect(texts(await liveBlocks(db, "/webinar")).join()).toContain("Old words");

    const link = await createPagePreviewLink(db, page.id);
    if (!link.ok) throw new Error("no link");
    expect(link.link.path).toBe(`/preview/${link.link.token}`);
    const preview = await getPreviewPage(db, link.link.token);
    expect(preview).toMatchObject({ id: page.id, title: "Webinar" });
    expect(texts(preview?.blocks).join()).toContain("New words");

    expect((await publishPage(db, page.id, {})).ok).toBe(true);
    expect(texts(await liveBlocks(db, "/webinar")).join()).toContain("New words");
    expect(await getPage(db, page.id)).toMatchObject({ title: "Webinar", has_draft: false });
    expect((await getPage(db, page.id))?.draft).toBeUndefined();
  });

  test("a preview link of an unknown, expired or revoked token opens nothing; without a draft it shows the live version", async () => {
    const db = await server.database();
    const page = await publishedPage(db, "/pricing-plans", [intro("Live words")]);
    const link = await createPagePreviewLink(db, page.id, "editor");
    if (!link.ok) throw new Error("no link");
    expect(texts((await getPreviewPage(db, link.link.token))?.blocks).join()).toContain("Live words");
    expect(await getPreviewPage(db, link.link.token, new Date(Date.now() + 2 * 3_600_000))).toBeUndefined();
    expect(await getPreviewPage(db, "x".repeat(43))).toBeUndefined();
    expect(await getPreviewPage(db, "not a token")).toBeUndefined();
    // Revoking every preview link (as a password change does) ends a page's too.
    expect(await revokeAllPreviewLinks(db)).toBe(1);
    expect(await getPreviewPage(db, link.link.token)).toBeUndefined();
  });

  test("a page with one block of every type is accepted and kept as sent", async () => {
    const db = await server.database();
    const blocks = everyBlock();
    expect(new Set(blocks.map((block) => block.type))).toEqual(new Set(PAGE_BLOCK_TYPES));
    const page = await publishedPage(db, "/everything", blocks);
    expect(page.blocks).toEqual(blocks);
    expect(await liveBlocks(db, "/everything")).toEqual(blocks);
  });

  test("hostile rich text is stored without any script, event handler or javascript: address", async () => {
    const db = await server.database();
    const hostile = vectors.slice(0, 60).join("");
    const blocks = [
      { id: "a", type: "rich_text", html: `<p>Kept</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>${hostile}` },
      { id: "b", type: "faq", items: [{ question: "Safe?", answer: `<p onclick="alert(1)">Yes</p>${vectors.slice(60, 120).join("")}` }] },
      {
        id: "c",
        type: "legal_document",
        intro: `<iframe src="javascript:alert(1)"></iframe>${vectors.slice(120, 180).join("")}`,
        sections: [{ id: "one", heading: "One", html: `<svg><script>alert(1)</script></svg>${vectors.slice(180).join("")}` }],
      },
    ];
    const page = await newPage(db, "/hostile", blocks);
    const stored = texts([page.blocks, page.draft?.blocks]);
    expect(stored.join()).toContain("<p>Kept</p>");
    expect(stored.flatMap(scriptsIn)).toEqual([]);
    const row = await db.selectFrom("site_pages").select(["blocks", "draft"]).executeTakeFirstOrThrow();
    expect(texts([JSON.parse(row.blocks), JSON.parse(row.draft!)]).flatMap(scriptsIn)).toEqual([]);
  });

  test("an unknown block type and a bad field are refused, naming block and field", async () => {
    const db = await server.database();
    const unknown = await createPage(db, { path: "/x", title: "X", blocks: [intro("ok"), { id: "b", type: "carousel" }] });
    expect(unknown).toMatchObject({ ok: false, code: "invalid", error: "Block 2 (carousel), type: Unknown block type", fields: { "blocks[1].type": "Unknown block type" } });
    const bad = await createPage(db, { path: "/x", title: "X", blocks: [{ id: "f", type: "faq", items: [{ question: "", answer: "" }] }] });
    expect(bad).toMatchObject({ ok: false, code: "invalid", error: "Block 1 (faq), items.0.question: Required", fields: { "blocks[0].items.0.question": "Required" } });
    expect(await listPages(db)).toEqual([]);
  });

  test("reserved and taken addresses are refused", async () => {
    const db = await server.database();
    for (const path of ["/blog/x", "/admin", "/api/x", "/preview/x", "/media/x", "/security/submit"]) {
      expect(await createPage(db, { path, title: "T" }), path).toMatchObject({ ok: false, code: "invalid", error: pageMessages.pathReserved, fields: { path: pageMessages.pathReserved } });
    }
    expect(await createPage(db, { path: "/about", title: "T" })).toMatchObject({ ok: false, code: "path_taken", error: pageMessages.pathTaken });
    const first = await newPage(db, "/spring");
    expect(await createPage(db, { path: "/spring", title: "T" })).toMatchObject({ ok: false, code: "path_taken" });
    const second = await publishedPage(db, "/summer");
    // A draft's address is taken too.
    expect((await updatePage(db, second.id, { path: "/autumn" })).ok).toBe(true);
    expect(await updatePage(db, first.id, { path: "/autumn" })).toMatchObject({ ok: false, code: "path_taken" });
    expect(await updatePage(db, first.id, { path: "/summer" })).toMatchObject({ ok: false, code: "path_taken" });
    expect(await updatePage(db, first.id, { path: "/admin/x" })).toMatchObject({ ok: false, code: "invalid", error: pageMessages.pathReserved });
  });

  test("a published page moved to a new address answers a redirect from the old one", async () => {
    const db = await server.database();
    const page = await publishedPage(db, "/old-offer");
    await updatePage(db, page.id, { path: "/new-offer" });
    // Until the move is published, the old address serves the page.
    expect((await findPublishedPage(db, "/old-offer")).kind).toBe("page");
    await publishPage(db, page.id, {});
    expect(await findPublishedPage(db, "/old-offer")).toEqual({ kind: "redirect", to: "/new-offer" });
    expect((await findPublishedPage(db, "/new-offer")).kind).toBe("page");
    // A new page may take the old address: its redirect gives way.
    const other = await publishedPage(db, "/old-offer");
    expect(await findPublishedPage(db, "/old-offer")).toMatchObject({ kind: "page", page: { id: other.id } });
    expect(await db.selectFrom("site_page_redirects").selectAll().execute()).toEqual([]);
  });

  test("delete takes the page, its redirects and preview links away", async () => {
    const db = await server.database();
    const page = await publishedPage(db, "/gone");
    await updatePage(db, page.id, { path: "/gone-too" });
    await publishPage(db, page.id, {});
    const link = await createPagePreviewLink(db, page.id);
    expect((await deletePage(db, page.id)).ok).toBe(true);
    expect(await findPublishedPage(db, "/gone")).toEqual({ kind: "none" });
    expect(await findPublishedPage(db, "/gone-too")).toEqual({ kind: "none" });
    expect(link.ok && (await getPreviewPage(db, link.link.token))).toBeUndefined();
    expect(await deletePage(db, page.id)).toMatchObject({ ok: false, code: "not_found" });
  });

  test("unpublish takes a page off the site and keeps it; the specification's pages are never unpublished or deleted", async () => {
    const db = await server.database();
    const page = await publishedPage(db, "/campaign");
    expect((await unpublishPage(db, page.id)).ok).toBe(true);
    expect(await findPublishedPage(db, "/campaign")).toEqual({ kind: "none" });
    expect(await getPage(db, page.id)).toMatchObject({ status: "draft" });

    const now = new Date().toISOString();
    await db
      .insertInto("site_pages")
      .values({ id: "about", path: "/about", title: "About", status: "published", system: 1, seo: "{}", blocks: "[]", draft: null, publish_at: null, published_at: now, created_at: now, updated_at: now })
      .execute();
    expect(await unpublishPage(db, "about")).toEqual({ ok: false, code: "system_page", error: pageMessages.systemPage });
    expect(await deletePage(db, "about")).toEqual({ ok: false, code: "system_page", error: pageMessages.systemPage });
    // It keeps its own address, and edits to it are drafts.
    expect((await updatePage(db, "about", { path: "/about", title: "About us" })).ok).toBe(true);
    expect(await updatePage(db, "about", { path: "/about-us" })).toMatchObject({ ok: false, code: "system_page" });
  });

  test("a page scheduled for later appears at its time; a live page is not scheduled", async () => {
    const db = await server.database();
    const page = await newPage(db, "/launch");
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await publishPage(db, page.id, { at: at.toISOString() });
    expect(scheduled.ok && scheduled.page).toMatchObject({ status: "scheduled", publish_at: at.toISOString(), has_draft: false });
    expect(await findPublishedPage(db, "/launch")).toEqual({ kind: "none" });
    expect((await findPublishedPage(db, "/launch", new Date(at.getTime() + 1))).kind).toBe("page");
    expect((await listPages(db, new Date(at.getTime() + 1)))[0]?.status).toBe("published");

    expect(await nextScheduledPagePublication(db)).toEqual(at);
    expect(await nextScheduledPagePublication(db, at)).toBeNull();

    const live = await publishedPage(db, "/live");
    expect(await publishPage(db, live.id, { at: at.toISOString() })).toMatchObject({ ok: false, code: "live_page", error: pageMessages.scheduleLive });
    expect(await publishPage(db, live.id, { at: "tomorrow" })).toMatchObject({ ok: false, code: "invalid" });
  });

  test("every change of what the site shows tells every process to drop cached pages; a saved draft does not", async () => {
    const db = await server.database();
    const changes = async () => (await db.selectFrom("content_changes").select("tags").where("tags", "=", "pages").execute()).length;
    const page = await publishedPage(db, "/told");
    const before = await changes();
    await updatePage(db, page.id, { title: "Draft only" });
    expect(await changes()).toBe(before);
    await updatePage(db, page.id, { path: "/told-again" });
    await publishPage(db, page.id, {});
    await publishPage(db, (await newPage(db, "/later")).id, { at: new Date(Date.now() + 60_000).toISOString() });
    await unpublishPage(db, page.id);
    await deletePage(db, page.id);
    // The address change is published once; the scheduled page counts its creation and its schedule.
    expect(await changes()).toBe(before + 5);
  });

  test("SEO fields change one at a time; noindex pages stay out of the sitemap", async () => {
    const db = await server.database();
    const page = await newPage(db, "/private-offer");
    await updatePage(db, page.id, { seo: { title: "Offer", description: "Only for you" } });
    await updatePage(db, page.id, { seo: { noindex: true } });
    expect((await getPage(db, page.id))?.draft?.seo).toEqual({ title: "Offer", description: "Only for you", social_image_url: "", noindex: true });
    await publishPage(db, page.id, {});
    const shown = await publishedPage(db, "/public-offer");
    expect((await sitemapPages(db)).map((entry) => entry.path)).toEqual([shown.path]);
  });
});
