import { afterEach, describe, expect, test, vi } from "vitest";
import type { PageBlock } from "../../domain/page-blocks";
import { WORKFLOW_LIMITS } from "../../domain/post-workflow";
import type { SitePage } from "../../domain/site-pages";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import type { AppDatabase } from "../db/database.server";
import { restorePageRevision } from "./page-revision-restore.server";
import { getPageRevision, listPageRevisions } from "./page-revisions.server";
import { findPublishedPage } from "./public-pages.server";
import { createPage, deletePage, getPage, publishPage, updatePage } from "./site-pages.server";

const hero = (title: string) => ({ id: "hero", type: "hero", title });
const intro = (text: string): PageBlock => ({ id: "intro", type: "rich_text", hidden: false, title: "", html: `<p>${text}</p>` });

async function newPage(db: AppDatabase, path: string, blocks: unknown[] = [intro("First words")]): Promise<SitePage> {
  const result = await createPage(db, { path, title: `Page ${path}`, blocks }, new Date(), { savedBy: "session-1" });
  if (!result.ok) throw new Error(`Page not created: ${result.error}`);
  return result.page;
}

async function liveText(db: AppDatabase, path: string): Promise<string> {
  const found = await findPublishedPage(db, path);
  return found.kind === "page" ? JSON.stringify(found.page.blocks) : found.kind;
}

describe.each(testDatabaseKinds)("page revisions on %s", (kind) => {
  const server = apiTestServer(kind);
  afterEach(() => {
    vi.useRealTimers();
  });

  test("each save and each publish keeps a revision: when, by whom, the version, and whether it was published", async () => {
    const db = await server.database();
    const page = await newPage(db, "/webinar");
    await updatePage(db, page.id, { title: "Webinar", seo: { title: "Join us" } }, new Date(), { savedBy: "session-2" });
    await publishPage(db, page.id, {}, new Date(), { savedBy: "session-2" });
    const history = await listPageRevisions(db, page.id);
    expect(history?.map((each) => [each.kind, each.title, each.published, each.saved_by])).toEqual([
      ["save", "Webinar", true, "session-2"],
      ["save", "Webinar", false, "session-2"],
      ["save", "Page /webinar", false, "session-1"],
    ]);
    const first = await getPageRevision(db, page.id, history![2]!.id);
    expect(first?.page).toMatchObject({ path: "/webinar", title: "Page /webinar", seo: { title: "" }, blocks: [intro("First words")] });
    expect((await getPageRevision(db, page.id, history![1]!.id))?.page.seo.title).toBe("Join us");
    expect(await listPageRevisions(db, "no-such-page")).toBeUndefined();
    expect(await getPageRevision(db, page.id, "no-such-revision")).toBeUndefined();
  });

  test("autosaves close together update one revision; a later one, or one after a save, starts another", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T10:00:00Z"));
    const db = await server.database();
    const page = await newPage(db, "/webinar");
    for (const words of ["a", "ab", "abc"]) {
      vi.setSystemTime(new Date(Date.now() + 5_000));
      await updatePage(db, page.id, { blocks: [intro(words)] }, new Date(), { kind: "autosave" });
    }
    let history = await listPageRevisions(db, page.id);
    expect(history?.map((each) => each.kind)).toEqual(["autosave", "save"]);
    expect((await getPageRevision(db, page.id, history![0]!.id))?.page.blocks).toEqual([intro("abc")]);
    vi.setSystemTime(new Date(Date.now() + WORKFLOW_LIMITS.autosaveCoalesceMs));
    await updatePage(db, page.id, { blocks: [intro("later")] }, new Date(), { kind: "autosave" });
    await updatePage(db, page.id, { blocks: [intro("saved")] });
    await updatePage(db, page.id, { blocks: [intro("after the save")] }, new Date(), { kind: "autosave" });
    history = await listPageRevisions(db, page.id);
    expect(history?.map((each) => each.kind)).toEqual(["autosave", "save", "autosave", "autosave", "save"]);
  });

  test("restoring writes the revision as the draft: the live page keeps serving until it is published", async () => {
    const db = await server.database();
    const page = await newPage(db, "/webinar", [hero("Spring webinar")]);
    await publishPage(db, page.id, {});
    await updatePage(db, page.id, { title: "Renamed", blocks: [hero("Summer webinar")] });
    await publishPage(db, page.id, {});
    expect(await liveText(db, "/webinar")).toContain("Summer webinar");
    const history = (await listPageRevisions(db, page.id))!;
    const spring = history.find((each) => each.title === "Page /webinar")!;

    const restored = await restorePageRevision(db, page.id, spring.id, { savedBy: "session-3" });
    expect(restored.ok && restored.page).toMatchObject({ status: "published", has_draft: true, title: "Renamed", draft: { title: "Page /webinar" } });
    expect(await liveText(db, "/webinar")).toContain("Summer webinar");
    const newest = (await listPageRevisions(db, page.id))![0]!;
    expect(newest).toMatchObject({ kind: "save", published: false, title: "Page /webinar", saved_by: "session-3" });

    await publishPage(db, page.id, {});
    expect(await liveText(db, "/webinar")).toContain("Spring webinar");
    expect(await restorePageRevision(db, page.id, "no-such-revision")).toMatchObject({ ok: false, code: "revision_not_found" });
  });

  test("restoring an address another page has taken since is refused, and nothing changes", async () => {
    const db = await server.database();
    const page = await newPage(db, "/webinar");
    const first = (await listPageRevisions(db, page.id))![0]!;
    await updatePage(db, page.id, { path: "/spring-webinar" });
    await newPage(db, "/webinar");
    expect(await restorePageRevision(db, page.id, first.id)).toMatchObject({ ok: false, code: "path_taken" });
    expect((await getPage(db, page.id))?.path).toBe("/spring-webinar");
  });

  test("a page keeps its newest revisions and every published one; deleting the page deletes them", async () => {
    const db = await server.database();
    const page = await newPage(db, "/webinar");
    await publishPage(db, page.id, {});
    for (let count = 0; count < WORKFLOW_LIMITS.revisionsKept + 5; count += 1) {
      await updatePage(db, page.id, { blocks: [intro(`Edit ${count}`)] });
    }
    const history = (await listPageRevisions(db, page.id))!;
    expect(history).toHaveLength(WORKFLOW_LIMITS.revisionsKept + 1);
    expect(history.filter((each) => each.published)).toHaveLength(1);
    expect((await deletePage(db, page.id)).ok).toBe(true);
    expect(await db.selectFrom("page_revisions").select("id").where("page_id", "=", page.id).execute()).toEqual([]);
  });

  test("a stored revision is checked again when read: rich text is cleaned, a block that no longer passes is left out", async () => {
    const db = await server.database();
    const page = await newPage(db, "/webinar");
    const [revision] = (await listPageRevisions(db, page.id))!;
    const data = JSON.stringify({
      path: "/webinar",
      title: "Old",
      seo: { title: "Kept" },
      blocks: [intro('Safe<script>alert(1)</script><img src=x onerror="alert(2)">'), { id: "x", type: "no_such_block" }],
    });
    await db.updateTable("page_revisions").set({ data }).where("id", "=", revision!.id).execute();
    const read = await getPageRevision(db, page.id, revision!.id);
    expect(read?.page.seo.title).toBe("Kept");
    expect(read?.page.blocks).toHaveLength(1);
    expect(JSON.stringify(read?.page.blocks)).not.toMatch(/script|onerror/);
  });
});
