import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { api, appProcess, clusterMissing, createEmptyDatabase } from "./cluster-kit";

const missing = clusterMissing();
test.skip(Boolean(missing), missing);

/** A page without what differs per response by design (the CSP nonce). */
async function page(base: string, pathname: string): Promise<string> {
  const response = await fetch(`${base}${pathname}`);
  expect(response.status, pathname).toBe(200);
  return (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
}

test("after copy-db from SQLite to PostgreSQL, the site serves the same pages from PostgreSQL", async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialogic-move-"));
  const database = await createEmptyDatabase();
  const env = { ADMIN_PASSWORD: crypto.randomBytes(18).toString("base64url"), SITE_URL: "https://www.example.com" };
  const onSqlite = await appProcess("SQLite", { ...env, DATA_DIR: dataDir });
  const onPostgres = await appProcess("PostgreSQL", { ...env, DATA_DIR: dataDir, DATABASE_URL: database.url });
  try {
    await onSqlite.start();
    const token = String((await api(onSqlite.url, "POST", "/api/admin/login", { body: { password: env.ADMIN_PASSWORD } })).json.token);
    for (const [index, slug] of ["moving-house", "same-pages"].entries()) {
      const created = await api(onSqlite.url, "POST", "/api/admin/posts", {
        token,
        body: { title: `Post ${index} that moves`, slug, content: `<p>Paragraph <strong>${index}</strong></p>`, excerpt: "Moves", published: true, featured: index === 0 },
      });
      expect(created.status).toBe(201);
    }
    const paths = ["/blog", "/blog/moving-house", "/blog/same-pages", "/rss.xml", "/sitemap.xml", "/api/posts"];
    const before = await Promise.all(paths.map((pathname) => page(onSqlite.url, pathname)));
    await onSqlite.stop();

    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    const copy = spawnSync(process.execPath, ["--import", "tsx", "server/cli.ts", "copy-db", "--to", database.url], {
      env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(copy.stderr).toBe("");
    expect(copy.stdout).toMatch(/^Copied and verified \(row counts, attachment checksums\): /);
    for (const count of ["blog_posts 2", "admin_credentials 1", "admin_sessions 1"]) expect(copy.stdout).toContain(count);
    expect(copy.status).toBe(0);

    await onPostgres.start();
    const after = await Promise.all(paths.map((pathname) => page(onPostgres.url, pathname)));
    paths.forEach((pathname, index) => expect(after[index], pathname).toBe(before[index]));
    // The session made on SQLite moved too.
    expect((await api(onPostgres.url, "GET", "/api/admin/posts", { token })).status).toBe(200);
  } finally {
    await onSqlite.stop();
    await onPostgres.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
