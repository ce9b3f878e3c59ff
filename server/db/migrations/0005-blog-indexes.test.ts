import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, type Migration } from "kysely";
import { expect, test } from "vitest";
import { createDatabase } from "../database.server";
import { migrateToLatest } from "../migrate.server";
import * as blogPosts from "./0001-blog-posts";

test("on SQLite, moving content to the end of the row keeps every post as it was", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-migration-"));
  const db = createDatabase({ kind: "sqlite", file: path.join(dir, "site.db") });
  try {
    // The table as migration 0001 made it, with a post in it.
    const first: Record<string, Migration> = { "0001-blog-posts": blogPosts };
    await new Migrator({ db, provider: { getMigrations: async () => first } }).migrateToLatest();
    const row = {
      id: "id-1",
      slug: "kept",
      title: "Kept",
      excerpt: null,
      content: "<p>Body</p>",
      category: "General",
      author_name: "Admin",
      author_avatar_url: null,
      author_bio: "Content Creator",
      author_linkedin_url: "https://www.linkedin.com/in/x",
      featured_image_url: null,
      read_time: "5 min read",
      published: 1 as const,
      featured: 0 as const,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-02T00:00:00.000Z",
    };
    await db.insertInto("blog_posts").values(row).execute();
    await migrateToLatest(db);
    expect(await db.selectFrom("blog_posts").selectAll().execute()).toEqual([{ ...row, created_by: null, updated_by: null }]);
    const columns = await db.introspection.getTables();
    const names = columns.find((table) => table.name === "blog_posts")?.columns.map((column) => column.name);
    // Migration 0073's two short columns (who created and changed a post) come after it: ALTER TABLE appends.
    expect(names?.filter((name) => name !== "created_by" && name !== "updated_by").at(-1)).toBe("content");
    await expect(db.insertInto("blog_posts").values({ ...row, id: "id-2" }).execute()).rejects.toThrow();
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});
