import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { DatabaseRateLimitStore } from "./sliding-window.server";

describe.each(testDatabaseKinds)("rate limit store on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  async function storeWithWindow(windowMs: number, name = "login") {
    database ??= await createTestDatabase(kind);
    const store = new DatabaseRateLimitStore(database.db, { name, windowMs });
    return store;
  }

  test("counts hits per client, shared by every store instance on the database", async () => {
    const first = await storeWithWindow(60_000);
    const second = await storeWithWindow(60_000);
    expect((await first.increment("1.2.3.4")).totalHits).toBe(1);
    expect((await second.increment("1.2.3.4")).totalHits).toBe(2);
    expect((await first.increment("5.6.7.8")).totalHits).toBe(1);
    await first.decrement("1.2.3.4");
    expect((await second.increment("1.2.3.4")).totalHits).toBe(2);
    await second.resetKey("1.2.3.4");
    expect((await first.increment("1.2.3.4")).totalHits).toBe(1);
  });

  test("limiters with different names never share hits", async () => {
    const login = await storeWithWindow(60_000, "login");
    const contact = await storeWithWindow(60_000, "contact");
    await login.increment("1.2.3.4");
    expect((await contact.increment("1.2.3.4")).totalHits).toBe(1);
  });

  test("a new window starts from one", async () => {
    const store = await storeWithWindow(1);
    await store.increment("1.2.3.4");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { totalHits, resetTime } = await store.increment("1.2.3.4");
    expect(totalHits).toBe(1);
    expect(resetTime).toBeInstanceOf(Date);
  });
});
