import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../../tests/helpers/test-database";
import { updatePost } from "../../blog/posts.server";
import { searchPosts } from "../../search/post-search.server";
import { migrateTo, migrateToLatest } from "../migrate.server";

describe.each(testDatabaseKinds)("migration 0047 on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("the index learns each post's published flag and date, and still follows edits", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    await migrateTo(db, "0035-web-vitals-months");
    const post = (id: string, published: 0 | 1, created_at: string) => ({
      id,
      slug: id,
      title: `Quarterly ${id}`,
      excerpt: null,
      content: "<p>Quarterly planning</p>",
      category: "General",
      author_name: "Admin",
      author_avatar_url: null,
      author_bio: "",
      author_linkedin_url: null,
      featured_image_url: null,
      read_time: "1 min read",
      published,
      featured: 0 as const,
      created_at,
      updated_at: created_at,
    });
    await db
      .insertInto("blog_posts")
      .values([post("draft", 0, "2024-03-01T00:00:00.000Z"), post("older", 1, "2024-01-01T00:00:00.000Z"), post("newer", 1, "2024-02-01T00:00:00.000Z")])
      .execute();
    // 0044 indexes the posts' text; 0047 adds what it needs to count and rank alone.
    await migrateTo(db, "0046-social-cards");
    await migrateToLatest(db);
    const rows = await db.selectFrom("blog_post_search").select(["post_id", "published", "created_at"]).orderBy("post_id").execute();
    expect(rows).toEqual([
      { post_id: "draft", published: 0, created_at: "2024-03-01T00:00:00.000Z" },
      { post_id: "newer", published: 1, created_at: "2024-02-01T00:00:00.000Z" },
      { post_id: "older", published: 1, created_at: "2024-01-01T00:00:00.000Z" },
    ]);
    expect((await searchPosts(db, ["quarterly"], 1))?.items.map((item) => item.slug)).toEqual(["newer", "older"]);
    const edited = await updatePost(db, "older", { title: "Annual planning", content: "<p>Annual</p>" });
    expect(edited.ok).toBe(true);
    expect((await searchPosts(db, ["quarterly"], 1))?.items.map((item) => item.slug)).toEqual(["newer"]);
    expect((await searchPosts(db, ["annual"], 1))?.items.map((item) => item.slug)).toEqual(["older"]);
  });
});
