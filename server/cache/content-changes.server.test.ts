import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { POSTS_TAG, onLocalContentChange, postTag, recordContentChange, watchContentChanges } from "./content-changes.server";

describe.each(testDatabaseKinds)("content changes shared through the database (%s)", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("the recording process hears at once; another process on its next check after the interval", async () => {
    database = await createTestDatabase(kind);
    const other = database.connectAgain();
    let clock = 10_000;
    const seen: (string[] | "all")[] = [];
    const watcher = watchContentChanges(other, (tags) => seen.push(tags), { intervalMs: 1000, now: () => clock });
    await watcher.check();
    expect(seen).toEqual([]);

    const local: (string[] | "all")[] = [];
    const stop = onLocalContentChange((tags) => local.push(tags));
    await recordContentChange(database.db, [POSTS_TAG, postTag("a-post"), postTag("a-post")]);
    stop();
    expect(local).toEqual([[POSTS_TAG, postTag("a-post")]]);

    // Within the interval the other process does not look again...
    clock += 999;
    await watcher.check();
    expect(seen).toEqual([]);
    // ...and once it has passed, it reads exactly what changed, once.
    clock += 1;
    await watcher.check();
    expect(seen).toEqual([[POSTS_TAG, postTag("a-post")]]);
    clock += 1000;
    await watcher.check();
    expect(seen).toHaveLength(1);

    await recordContentChange(database.db, [postTag("another")]);
    clock += 1000;
    await watcher.check();
    expect(seen).toEqual([[POSTS_TAG, postTag("a-post")], [postTag("another")]]);
  });

  test("the recording process's own watcher takes its changes as heard; another process's change still reaches it", async () => {
    database = await createTestDatabase(kind);
    const other = database.connectAgain();
    let clock = Date.now();
    const seen: (string[] | "all")[] = [];
    const watcher = watchContentChanges(database.db, (tags) => seen.push(tags), { intervalMs: 1000, now: () => clock });
    await watcher.check();

    await recordContentChange(database.db, [postTag("mine")]);
    clock += 1000;
    await watcher.check();
    expect(seen).toEqual([]);

    await recordContentChange(other, [postTag("theirs")]);
    clock += 1000;
    await watcher.check();
    expect(seen).toEqual([[postTag("theirs")]]);
  });

  test("a process that has not looked for a day drops everything", async () => {
    database = await createTestDatabase(kind);
    let clock = Date.now();
    const seen: (string[] | "all")[] = [];
    const watcher = watchContentChanges(database.db, (tags) => seen.push(tags), { now: () => clock });
    await watcher.check();
    clock += 24 * 60 * 60 * 1000;
    await watcher.check();
    expect(seen).toEqual(["all"]);
  });
});
