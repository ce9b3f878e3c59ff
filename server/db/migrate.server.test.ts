import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { migrateToLatest } from "./migrate.server";

describe.each(testDatabaseKinds)("migrations on %s", (kind) => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.destroy();
  });

  test("a database beside another migrated one (another schema on PostgreSQL) gets its own tables", async () => {
    databases.push(await createTestDatabase(kind));
    const second = await createTestDatabase(kind);
    databases.push(second);
    await second.db.insertInto("blog_posts").values({
      id: "p1",
      slug: "beside",
      title: "Beside",
      excerpt: null,
      content: "",
      category: "General",
      author_name: "Admin",
      author_avatar_url: null,
      author_bio: "",
      author_linkedin_url: null,
      featured_image_url: null,
      read_time: "5 min read",
      published: 0,
      featured: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    }).execute();
    expect(await migrateToLatest(second.db)).toEqual([]);
  });
});
