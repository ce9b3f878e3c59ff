import { describe, expect, test } from "vitest";
import { databasesPerTest } from "../../tests/helpers/databases-per-test";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { exportNavigation, importNavigation } from "./navigation-transfer.server";
import { listNavigationRevisions, readMenus, saveMenus } from "./navigation.server";

describe.each(testDatabaseKinds)("menus in export files on %s", (kind) => {
  const open = databasesPerTest(kind);

  test("every saved version travels; the newest is live on the target; a second import adds nothing", async () => {
    const source = await open();
    await saveMenus(source, { header: [{ label: "Blog", href: "/blog" }], footer: [] }, { id: "p1", name: "Priya", role: "editor" });
    const live = await saveMenus(source, { header: [{ label: "Docs", href: "https://docs.example.com" }], footer: [{ label: "Contact", href: "/contact" }] }, null);
    if (!live.ok) throw new Error("not saved");

    const exported = JSON.parse(JSON.stringify(await exportNavigation(source))) as unknown;
    const target = await open();
    expect(await importNavigation(target, exported)).toEqual({ imported: 2, skipped: 0, refused: [] });
    expect(await readMenus(target)).toEqual(live.menus);
    expect(await listNavigationRevisions(target)).toEqual(await listNavigationRevisions(source));
    expect((await listNavigationRevisions(target))[1]?.saved_by).toBe("Priya");
    expect(await importNavigation(target, exported)).toEqual({ imported: 0, skipped: 2, refused: [] });
  });

  test("a version with an unsafe address or a bad date is refused and named; a file without menus imports none", async () => {
    const target = await open();
    const result = await importNavigation(target, {
      navigation: [
        { id: "bad", header: [{ label: "Run", href: "javascript:alert(1)" }], footer: [], saved_by: null, saved_at: "2026-11-01T10:00:00.000Z" },
        { id: "undated", header: [], footer: [], saved_by: null, saved_at: "yesterday" },
        { id: "good", header: [{ label: "Blog", href: "/blog" }], footer: [], saved_by: "Ada", saved_at: "2026-11-02T10:00:00.000Z" },
      ],
    });
    expect(result.imported).toBe(1);
    expect(result.refused.map((each) => each.id)).toEqual(["bad", "undated"]);
    expect(result.refused[0]?.error).toContain('Header link 1 ("Run")');
    expect(await readMenus(target)).toEqual({ header: [{ label: "Blog", href: "/blog" }], footer: [] });
    expect(await importNavigation(target, { posts: [] })).toEqual({ imported: 0, skipped: 0, refused: [] });
  });
});
