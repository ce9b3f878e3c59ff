import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-database";
import { createPost } from "../blog/posts.server";
import { createDatabase, type AppDatabase } from "../db/database.server";
import { migrateToLatest } from "../db/migrate.server";
import { searchPosts } from "./post-search.server";
import { readIndex, SearchWorkerError, startSearchWorker, type SearchWorker } from "./search-worker.server";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sqliteDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase("sqlite");
  cleanups.push(() => database.destroy());
  return database;
}

function workerFor(database: TestDatabase, options?: Parameters<typeof startSearchWorker>[2]): SearchWorker {
  const worker = startSearchWorker(database.db, database.target, options);
  if (!worker) throw new Error("no worker for a SQLite file");
  cleanups.push(() => worker.close());
  return worker;
}

/** A read that keeps the worker busy for a while: counting to three million in a recursive query. */
const longRead = (db: AppDatabase) =>
  sql<{ n: number }>`with recursive c(n) as (select 1 union all select n + 1 from c where n < 3000000) select count(*) as n from c`.compile(db);

test("a search on the worker finds what the main connection finds, with writes seen at once", async () => {
  const database = await sqliteDatabase();
  for (const index of [1, 2, 3]) {
    await createPost(database.db, { title: `Compliance basics ${index}`, slug: `compliance-${index}`, published: true, content: "<p>Every course, every quarter.</p>" });
  }
  const onMain = await searchPosts(database.db, ["compliance", "every"], 1);
  const worker = workerFor(database);
  expect(await searchPosts(database.db, ["compliance", "every"], 1)).toEqual(onMain);
  await createPost(database.db, { title: "Compliance calendars", slug: "calendars", published: true, content: "<p>every month</p>" });
  expect((await searchPosts(database.db, ["compliance"], 1))?.total).toBe(4);
  expect(worker.pending).toBe(0);
});

test("the event loop stays free while the worker reads: the main connection answers during a long read and twelve searches", async () => {
  const database = await sqliteDatabase();
  await createPost(database.db, { title: "Benchmark post", slug: "benchmark", published: true, content: "<p>what every request costs</p>" });
  const worker = workerFor(database);
  const order: string[] = [];
  const long = worker.all(longRead(database.db)).then((rows) => order.push(`long read ${rows[0]!.n}`));
  const searches = Array.from({ length: 12 }, (_, index) =>
    searchPosts(database.db, ["be", "co", "ev", "po", "re", "wh"], 1).then((page) => order.push(`search ${index}: ${page?.total}`)),
  );
  // What /healthz does, three times over, while the worker still has the long read and the searches.
  for (let index = 0; index < 3; index += 1) {
    await sql`select 1`.execute(database.db);
    order.push(`main ${index} (worker busy: ${worker.pending > 0})`);
  }
  await Promise.all([long, ...searches]);
  expect(order.slice(0, 3)).toEqual(["main 0 (worker busy: true)", "main 1 (worker busy: true)", "main 2 (worker busy: true)"]);
  expect(order[3]).toBe("long read 3000000");
  expect(order.slice(4).sort()).toEqual(Array.from({ length: 12 }, (_, index) => `search ${index}: 1`).sort());
});

test("a failing query answers with its error and the worker goes on; a full queue is refused at once", async () => {
  const database = await sqliteDatabase();
  const worker = workerFor(database, { maxPending: 2 });
  await expect(worker.all(sql`select * from no_such_table`.compile(database.db))).rejects.toThrow(/Search query failed: no such table/);
  // Read-only: a write is refused by the worker's connection.
  await expect(worker.all(sql`delete from blog_posts`.compile(database.db))).rejects.toBeInstanceOf(SearchWorkerError);
  const running = [worker.all(longRead(database.db)), worker.all(longRead(database.db))];
  await expect(worker.all(sql`select 1 as one`.compile(database.db))).rejects.toMatchObject({ busy: true });
  await Promise.all(running);
  expect(await worker.all(sql<{ one: number }>`select 1 as one`.compile(database.db))).toEqual([{ one: 1 }]);
});

test("a worker that cannot run answers every read with an error, never hangs, and is started again for the next read", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-search-worker-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const target = { kind: "sqlite", file: path.join(dir, "site.db") } as const;
  // The worker opens the file read-only: it cannot start before the file exists.
  const standIn = createDatabase({ kind: "sqlite", file: path.join(dir, "other.db") });
  cleanups.push(() => standIn.destroy());
  const worker = startSearchWorker(standIn, target)!;
  cleanups.push(() => worker.close());
  const reads = [worker.all(sql`select 1`.compile(standIn)), worker.all(sql`select 2`.compile(standIn))];
  for (const read of reads) await expect(read).rejects.toThrow(/The search worker (failed|stopped)/);
  expect(worker.pending).toBe(0);
  const db = createDatabase(target);
  cleanups.push(() => db.destroy());
  await migrateToLatest(db);
  expect(await worker.all(sql<{ two: number }>`select 2 as two`.compile(db))).toEqual([{ two: 2 }]);
});

test("a read that runs too long ends the worker with an error instead of waiting", async () => {
  const database = await sqliteDatabase();
  const worker = workerFor(database, { timeoutMs: 1 });
  await expect(worker.all(longRead(database.db))).rejects.toThrow(/ran longer than 1 ms/);
  expect(worker.pending).toBe(0);
});

test("closed: reads are refused and the database's searches run on its own connection again", async () => {
  const database = await sqliteDatabase();
  const worker = startSearchWorker(database.db, database.target)!;
  await worker.close();
  await expect(worker.all(sql`select 1`.compile(database.db))).rejects.toThrow(/closed/);
  expect(await readIndex(database.db, database.db.selectFrom("blog_posts").select("id"))).toEqual([]);
  expect(startSearchWorker(database.db, { kind: "postgres", url: "postgres://localhost/none" })).toBeUndefined();
  expect(startSearchWorker(database.db, { kind: "sqlite", file: ":memory:" })).toBeUndefined();
});
