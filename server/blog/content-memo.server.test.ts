import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { createPost } from "./posts.server";
import { getBlogIndexPage } from "./public-posts.server";
import { POSTS_TAG, recordContentChange } from "../cache/content-changes.server";
import { contentMemo } from "./content-memo.server";

describe.each(testDatabaseKinds)("what renders keep until the posts change, on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  /** Counts how often the work ran. */
  function counter() {
    let runs = 0;
    return { work: async () => ++runs, runs: () => runs };
  }

  test("kept until a change this process records, or a forget (another process's change)", async () => {
    database = await createTestDatabase(kind);
    const memo = contentMemo(database.db);
    const { work, runs } = counter();
    expect(await memo.remember("k", work)).toBe(1);
    expect(await memo.remember("k", work)).toBe(1);
    await recordContentChange(database.db, [POSTS_TAG]);
    expect(await memo.remember("k", work)).toBe(2);
    memo.forget();
    expect(await memo.remember("k", work)).toBe(3);
    expect(runs()).toBe(3);
  });

  test("a failure is not kept: the next caller works again", async () => {
    database = await createTestDatabase(kind);
    const memo = contentMemo(database.db);
    await expect(memo.remember("k", () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await memo.remember("k", async () => "read")).toBe("read");
  });

  test("a scheduled post going public ends what was kept, with no change recorded", async () => {
    database = await createTestDatabase(kind);
    const at = new Date(Date.now() + 1500).toISOString();
    await createPost(database.db, { title: "Now", slug: "now", published: true });
    await createPost(database.db, { title: "Later", slug: "later", published: true, publish_at: at });
    expect((await getBlogIndexPage(database.db, 1))?.posts.map((post) => post.slug)).toEqual(["now"]);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await getBlogIndexPage(database.db, 1))?.posts.map((post) => post.slug)).toEqual(["later", "now"]);
  });
});
