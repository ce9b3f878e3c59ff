import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { migrateToLatest } from "./migrate.server";

describe.each(testDatabaseKinds)("database on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("migrations apply, and a blog post row is written and read back unchanged", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const row = {
      id: "7d0b5a9e-1c4e-4a3f-9d61-2f8f2f6b9a10",
      slug: "hello-world",
      title: "Hello, world",
      excerpt: null,
      content: "<p>First post</p>",
      category: "General",
      author_name: "Admin",
      author_avatar_url: null,
      author_bio: "Content Creator",
      author_linkedin_url: null,
      featured_image_url: null,
      read_time: "5 min read",
      published: 1 as const,
      featured: 0 as const,
      created_at: "2026-11-21T10:00:00.000Z",
      updated_at: "2026-11-21T10:00:00.000Z",
    };
    await db.insertInto("blog_posts").values(row).execute();
    const stored = await db
      .selectFrom("blog_posts")
      .selectAll()
      .where("slug", "=", "hello-world")
      .executeTakeFirstOrThrow();
    // Who created and changed it (migration 0073) are null on a row written without them.
    expect(stored).toEqual({ ...row, created_by: null, updated_by: null });
  });

  test("slugs are unique", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const base = {
      slug: "same-slug",
      title: "A",
      content: "",
      category: "General",
      author_name: "Admin",
      author_bio: "",
      read_time: "5 min read",
      published: 0 as const,
      featured: 0 as const,
      created_at: "2026-11-21T10:00:00.000Z",
      updated_at: "2026-11-21T10:00:00.000Z",
    };
    await db.insertInto("blog_posts").values({ ...base, id: "a" }).execute();
    await expect(db.insertInto("blog_posts").values({ ...base, id: "b" }).execute()).rejects.toThrow();
  });

  test("a query run again reads the rows as they are now", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    // On SQLite the statement is prepared once and kept: running it again must not replay old rows.
    const query = db.selectFrom("content_changes").select("tags").orderBy("id");
    const write = (tags: string) =>
      db.insertInto("content_changes").values({ tags, created_at: "2026-11-23T10:00:00.000Z" }).execute();
    await write("one");
    expect((await query.execute()).map((row) => row.tags)).toEqual(["one"]);
    await write("two");
    expect((await query.execute()).map((row) => row.tags)).toEqual(["one", "two"]);
  });

  test("running the migrations again changes nothing", async () => {
    database = await createTestDatabase(kind);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });
});
