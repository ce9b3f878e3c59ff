import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../../tests/helpers/test-database";
import { searchPosts } from "../../search/post-search.server";
import { migrateTo, migrateToLatest } from "../migrate.server";

describe.each(testDatabaseKinds)("migration 0044 on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("posts written before search existed are indexed by the migration, body as plain text", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    await migrateTo(db, "0035-web-vitals-months");
    await db
      .insertInto("blog_posts")
      .values({
        id: "old-post",
        slug: "old-post",
        title: "Written long ago",
        excerpt: null,
        content: "<p>An <strong>onboarding</strong>&nbsp;checklist &amp; more</p>",
        category: "General",
        author_name: "Admin",
        author_avatar_url: null,
        author_bio: "",
        author_linkedin_url: null,
        featured_image_url: null,
        read_time: "1 min read",
        published: 1,
        featured: 0,
        created_at: "2024-01-01T00:00:00.000Z",
        updated_at: "2024-01-01T00:00:00.000Z",
      })
      .execute();
    await migrateToLatest(db);
    const row = await db.selectFrom("blog_post_search").select(["post_id", "body"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ post_id: "old-post", body: "An onboarding checklist & more" });
    expect((await searchPosts(db, ["checklist"], 1))?.items.map((item) => item.slug)).toEqual(["old-post"]);
  });
});
