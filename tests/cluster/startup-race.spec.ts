import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { appProcess, clusterMissing, createEmptyDatabase, withClient } from "./cluster-kit";

const missing = clusterMissing();
test.skip(Boolean(missing), missing);

test("two processes starting at once on an empty PostgreSQL database both come up with one set of migrations", async () => {
  test.setTimeout(90_000);
  const database = await createEmptyDatabase();
  const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: crypto.randomBytes(18).toString("base64url") };
  const a = await appProcess("A", env);
  const b = await appProcess("B", env);
  try {
    await Promise.all([a.start(), b.start()]);
    const { migrations, duplicates, credentials } = await withClient(database.url, async (client) => ({
      migrations: (await client.query<{ name: string }>("select name from kysely_migration order by name")).rows.map((row) => row.name),
      duplicates: Number((await client.query<{ n: string }>("select count(*) - count(distinct name) as n from kysely_migration")).rows[0]?.n),
      credentials: Number((await client.query<{ n: string }>("select count(*) as n from admin_credentials")).rows[0]?.n),
    }));
    console.log(`Both processes up; migrations applied once each: ${migrations.join(", ")}`);
    expect(migrations.length).toBeGreaterThanOrEqual(7);
    expect(migrations[0]).toBe("0001-blog-posts");
    expect(duplicates).toBe(0);
    expect(credentials).toBe(1);
    for (const app of [a, b]) {
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${app.url}/api/posts`)).status).toBe(200);
    }
    expect(a.unexpectedExits.concat(b.unexpectedExits)).toEqual([]);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await database.drop();
  }
});
