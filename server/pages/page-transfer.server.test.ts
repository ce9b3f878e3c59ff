import { describe, expect, test } from "vitest";
import { everyBlock } from "../../tests/helpers/every-block";
import { databasesPerTest } from "../../tests/helpers/databases-per-test";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { exportPages, importPages } from "./page-transfer.server";
import { findPublishedPage } from "./public-pages.server";
import { getPageRevision, listPageRevisions } from "./page-revisions.server";
import { createPage, publishPage, updatePage } from "./site-pages.server";

describe.each(testDatabaseKinds)("pages in export files on %s", (kind) => {
  const open = databasesPerTest(kind);

  test("pages travel with their live version, draft, status, revisions and old addresses; a second import updates them", async () => {
    const source = await open();
    const created = await createPage(source, { path: "/moved", title: "Moved", blocks: everyBlock() });
    if (!created.ok) throw new Error(created.error);
    await publishPage(source, created.page.id, {});
    await updatePage(source, created.page.id, { path: "/moved-here" });
    await publishPage(source, created.page.id, {});
    await updatePage(source, created.page.id, { title: "Moved, edited" });
    await createPage(source, { path: "/draft-only", title: "Draft only" });

    const exported = JSON.parse(JSON.stringify(await exportPages(source))) as unknown;
    const target = await open();
    expect(await importPages(target, exported)).toEqual({
      created: ["/moved-here", "/draft-only"],
      updated: [],
      refused: [],
      redirects: { imported: 1, skipped: 0 },
      revisions: { imported: 6, skipped: 0 },
    });
    expect(await findPublishedPage(target, "/moved")).toEqual({ kind: "redirect", to: "/moved-here" });
    expect(await findPublishedPage(target, "/moved-here")).toMatchObject({ kind: "page", page: { title: "Moved", blocks: everyBlock() } });
    expect(await findPublishedPage(target, "/draft-only")).toEqual({ kind: "none" });
    const again = await exportPages(target);
    expect(again.pages.map(({ updated_at: _a, ...page }) => page)).toEqual(
      (await exportPages(source)).pages.map(({ updated_at: _b, ...page }) => page),
    );
    expect(await importPages(target, exported)).toMatchObject({ created: [], updated: ["/moved-here", "/draft-only"], redirects: { imported: 0, skipped: 1 }, revisions: { imported: 0, skipped: 6 } });

    // The history reads the same on both sites (who kept each revision stays behind: sessions are a site's own).
    const moved = await target.selectFrom("site_pages").select("id").where("path", "=", "/moved-here").executeTakeFirstOrThrow();
    const withoutOwner = ({ page_id: _page, saved_by: _by, ...revision }: { page_id: string; saved_by: string | null }) => revision;
    const sourceHistory = (await listPageRevisions(source, created.page.id))!;
    expect((await listPageRevisions(target, moved.id))?.map(withoutOwner)).toEqual(sourceHistory.map(withoutOwner));
    const oldest = sourceHistory.at(-1)!.id;
    expect((await getPageRevision(target, moved.id, oldest))?.page).toEqual((await getPageRevision(source, created.page.id, oldest))?.page);
  });

  test("an imported page passes the editor's checks: bad blocks and taken addresses are refused, rich text cleaned; a file without pages imports none", async () => {
    const target = await open();
    const page = (path: string, blocks: unknown[]) => ({ path, title: path, status: "published", seo: {}, blocks, draft: null });
    const result = await importPages(target, {
      pages: [
        page("/bad", [{ id: "a", type: "carousel" }]),
        page("/about", []),
        page("/cleaned", [{ id: "r", type: "rich_text", html: '<p>Kept</p><script>alert(1)</script><img src=x onerror="alert(1)">' }]),
      ],
    });
    expect(result.created).toEqual(["/cleaned"]);
    expect(result.refused).toEqual([
      { path: "/bad", fields: { "blocks[0].type": "Unknown block type" } },
      { path: "/about", fields: { path: "Another page already uses this address" } },
    ]);
    const found = await findPublishedPage(target, "/cleaned");
    expect(JSON.stringify(found)).toContain("<p>Kept</p>");
    expect(JSON.stringify(found)).not.toMatch(/<script|onerror/);
    const revision = (fields: Record<string, unknown>) => ({ kind: "save", published: false, created_at: "2026-11-01T10:00:00Z", updated_at: "2026-11-01T10:00:00Z", page: { title: "Old" }, ...fields });
    const revisions = await importPages(target, {
      pages: [page("/cleaned", [])],
      page_revisions: [
        revision({ page_path: "/cleaned" }),
        revision({ page_path: "/not-imported" }),
        revision({ page_path: "/cleaned", kind: "draft" }),
        revision({ page_path: "/cleaned", updated_at: "2999-01-01T00:00:00Z" }),
      ],
    });
    expect(revisions.revisions).toEqual({ imported: 1, skipped: 3 });
    expect(await importPages(target, { posts: [] })).toEqual({ created: [], updated: [], refused: [], redirects: { imported: 0, skipped: 0 }, revisions: { imported: 0, skipped: 0 } });
  });
});
