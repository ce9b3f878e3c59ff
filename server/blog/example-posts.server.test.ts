import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { EXAMPLE_POSTS, seedExamplePosts } from "./example-posts.server";
import { getBlogIndexPage } from "./public-posts.server";

describe.each(testDatabaseKinds)("example posts on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("seeding adds the marked examples once; a second run changes nothing", async () => {
    database = await createTestDatabase(kind);
    const first = await seedExamplePosts(database.db);
    expect(first.created).toHaveLength(EXAMPLE_POSTS.length);
    expect(await seedExamplePosts(database.db)).toEqual({ created: [], skipped: first.created });
    const page = await getBlogIndexPage(database.db, 1);
    const shown = [...page!.featured, ...page!.posts];
    expect(shown).toHaveLength(EXAMPLE_POSTS.length);
    for (const post of shown) expect(post.title).toMatch(/^Example: /);
    expect(page!.featured.map((post) => post.category)).toEqual(["AI & Education"]);
  });
});
