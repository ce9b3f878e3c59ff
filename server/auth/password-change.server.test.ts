import { spawnSync } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase, type TestDatabaseKind } from "../../tests/helpers/test-database";
import { createPost } from "../blog/posts.server";
import { createPreviewLink, getPreviewPost } from "../blog/preview-links.server";
import type { AppDatabase } from "../db/database.server";
import { ensureAdminPassword, login, setAdminPassword, verifyToken } from "./admin-auth.server";

// A password change ends every session and every preview link, in one transaction
// (docs/decisions/130-preview-links-end-with-the-password.md).

const OLD_PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a-brand-new-password-456";

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

/** A fresh database with the old password, a session and a working preview link of a draft. */
async function open(kind: TestDatabaseKind) {
  database = await createTestDatabase(kind);
  const { db } = database;
  await ensureAdminPassword(db, OLD_PASSWORD);
  const session = (await login(db, OLD_PASSWORD))!;
  const post = await createPost(db, { title: "Secret draft", slug: "secret-draft", content: "<p>Not for everyone</p>" });
  if (!post.ok) throw new Error("post not created");
  const link = await createPreviewLink(db, post.post.id, "share");
  if (!link.ok) throw new Error("link not created");
  expect(await getPreviewPost(db, link.link.token)).toMatchObject({ title: "Secret draft" });
  return { db, target: database.target, session, token: link.link.token };
}

/** Makes every change to preview links fail, as a database refusing mid-transaction would. */
async function refuseLinkChanges(db: AppDatabase, kind: TestDatabaseKind) {
  if (kind === "sqlite") {
    await sql`create trigger refuse_link_change before update on post_preview_links begin select raise(abort, 'refused'); end`.execute(db);
    return;
  }
  await sql`create function refuse_link_change() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(db);
  await sql`create trigger refuse_link_change before update on post_preview_links for each row execute function refuse_link_change()`.execute(db);
}

describe.each(testDatabaseKinds)("changing the admin password on %s", (kind) => {
  test("set-password ends the sessions and the preview links: a link that worked stops working", async () => {
    const { db, session, token } = await open(kind);
    await setAdminPassword(db, NEW_PASSWORD);
    expect(await getPreviewPost(db, token)).toBeUndefined();
    expect(await verifyToken(db, session.token)).toBeUndefined();
    expect(await login(db, OLD_PASSWORD)).toBeUndefined();
    expect(await login(db, NEW_PASSWORD)).toBeDefined();
  });

  test("all of it is one transaction: when the links cannot be revoked, the password and the sessions stay as they were", async () => {
    const { db, session, token } = await open(kind);
    await refuseLinkChanges(db, kind);
    await expect(setAdminPassword(db, NEW_PASSWORD)).rejects.toThrow(/refused/);
    expect(await login(db, NEW_PASSWORD)).toBeUndefined();
    expect(await login(db, OLD_PASSWORD)).toBeDefined();
    expect(await verifyToken(db, session.token)).toBeDefined();
    expect(await getPreviewPost(db, token)).toBeDefined();
  });

  test("a start with a different ADMIN_PASSWORD is a change too; a start with the same one changes nothing", async () => {
    const { db, session, token } = await open(kind);
    await ensureAdminPassword(db, OLD_PASSWORD);
    expect(await getPreviewPost(db, token)).toBeDefined();
    expect(await verifyToken(db, session.token)).toBeDefined();

    await ensureAdminPassword(db, NEW_PASSWORD);
    expect(await getPreviewPost(db, token)).toBeUndefined();
    expect(await verifyToken(db, session.token)).toBeUndefined();
    expect(await login(db, NEW_PASSWORD)).toBeDefined();
  });
});

test("`npm run admin -- set-password` revokes the preview links of the site it changes", async () => {
  const { db, target, token } = await open("sqlite");
  if (target.kind !== "sqlite") throw new Error("a SQLite file was expected");
  const run = spawnSync(process.execPath, ["--import", "tsx", "server/cli.ts", "set-password"], {
    env: { ...process.env, DATA_DIR: path.dirname(target.file), DATABASE_URL: "", ADMIN_PASSWORD: "" },
    input: `${NEW_PASSWORD}\n`,
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toContain("every admin session and preview link was ended");
  expect(await getPreviewPost(db, token)).toBeUndefined();
  expect(await login(db, NEW_PASSWORD)).toBeDefined();
}, 30_000);
