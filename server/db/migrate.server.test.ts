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

describe.runIf(testDatabaseKinds.includes("postgres"))("migrations on postgres, beside schemas coming and going", () => {
  test("a schema another client drops while the migrator looks at every schema fails nothing", async () => {
    const others = await Promise.all(Array.from({ length: 6 }, () => createTestDatabase("postgres")));
    const migrated: TestDatabase[] = [];
    try {
      // Each new schema migrates while the others are dropped, one after another.
      const dropping = (async () => {
        for (const other of others) await other.destroy();
      })();
      for (let round = 0; round < 3; round += 1) {
        migrated.push(...(await Promise.all([createTestDatabase("postgres"), createTestDatabase("postgres")])));
      }
      await dropping;
      for (const { db } of migrated) expect(await migrateToLatest(db)).toEqual([]);
    } finally {
      for (const database of migrated) await database.destroy();
    }
  });
});
