import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { testServices } from "../../tests/helpers/http-server";
import { cliEnv, runCli } from "../../tests/helpers/run-cli";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { countSomeViews } from "../../tests/helpers/analytics";
import { DAY_KEYED_TABLES } from "../analytics/day-salts.server";
import { submitContactMessage } from "../contact/contact-messages.server";
import { listNavigationRevisions, readMenus, saveMenus } from "../navigation/navigation.server";
import { createDatabase } from "./database.server";
import { listForms, listSubmissions, saveForm, submitFormEntry } from "../forms/forms.server";

describe.each(testDatabaseKinds)("npm run admin -- backup on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  test("takes a consistent backup while contact messages keep arriving", { timeout: 60_000 }, async () => {
    const database: TestDatabase = await createTestDatabase(kind);
    cleanups.push(() => database.destroy());
    const dir = mkdtempSync(path.join(tmpdir(), "dialogic-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const services = testServices(database.connectAgain());

    // Writes go on for as long as the backup runs: each message and its email in one transaction.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const result = await submitContactMessage(services, { name: "Writer", email: "w@example.com", message: `Message number ${written}` });
        if (result.ok) written += 1;
        // SQLite answers synchronously: yield, or timers and the CLI's output would starve.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const file = path.join(dir, "backup.db");
    const { code, output } = await runCli(["backup", file], cliEnv(database.target));
    const writtenDuringBackup = written;
    writing = false;
    await writer;

    expect(output, output).toMatch(/^Backed up to .*backup\.db and verified: .*contact_messages \d+/m);
    expect(code).toBe(0);
    const backup = createDatabase({ kind: "sqlite", file });
    cleanups.push(() => backup.destroy());
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(backup);
    expect(rows[0]?.integrity_check).toBe("ok");
    const messages = await backup.selectFrom("contact_messages").select(["mail_id"]).execute();
    const emails = await backup.selectFrom("mail_outbox").select(["id"]).execute();
    // One snapshot: every message with its email, no email without its message.
    expect(messages.length).toBeGreaterThanOrEqual(20);
    expect(messages.length).toBeLessThanOrEqual(writtenDuringBackup);
    expect(new Set(emails.map((email) => email.id))).toEqual(new Set(messages.map((message) => message.mail_id)));

    const again = await runCli(["backup", file], cliEnv(database.target));
    expect(again.code).toBe(1);
    expect(again.output).toContain("already exists");
  });

  test("carries the menus and their saved versions", { timeout: 60_000 }, async () => {
    const database: TestDatabase = await createTestDatabase(kind);
    cleanups.push(() => database.destroy());
    const dir = mkdtempSync(path.join(tmpdir(), "dialogic-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await saveMenus(database.db, { header: [{ label: "Blog", href: "/blog" }], footer: [] }, null);
    const live = await saveMenus(database.db, { header: [{ label: "Features", href: "/features" }], footer: [{ label: "Call us", href: "tel:+15555550100" }] }, null);
    if (!live.ok) throw new Error("not saved");

    const file = path.join(dir, "backup.db");
    const { code, output } = await runCli(["backup", file], cliEnv(database.target));
    expect(output, output).toMatch(/navigation_versions 2/);
    expect(code).toBe(0);
    const backup = createDatabase({ kind: "sqlite", file });
    cleanups.push(() => backup.destroy());
    expect(await readMenus(backup)).toEqual(live.menus);
    expect(await listNavigationRevisions(backup)).toEqual(await listNavigationRevisions(database.db));
  });

  test("carries the forms and their submissions", { timeout: 60_000 }, async () => {
    const database: TestDatabase = await createTestDatabase(kind);
    cleanups.push(() => database.destroy());
    const dir = mkdtempSync(path.join(tmpdir(), "dialogic-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const saved = await saveForm(database.db, { name: "Webinar", fields: [{ name: "company", label: "Company", type: "text", required: true }], submit_label: "Register", success_message: "Thanks." });
    if (!saved.ok) throw new Error("not saved");
    expect((await submitFormEntry(testServices(database.db), saved.form.id, { company: "Northwind" })).ok).toBe(true);

    const file = path.join(dir, "backup.db");
    const { code, output } = await runCli(["backup", file], cliEnv(database.target));
    expect(code, output).toBe(0);
    expect(output).toMatch(/forms 1/);
    const backup = createDatabase({ kind: "sqlite", file });
    cleanups.push(() => backup.destroy());
    expect(await listForms(backup)).toEqual(await listForms(database.db));
    expect(await listSubmissions(backup, saved.form.id)).toEqual([expect.objectContaining({ answers: { company: "Northwind" } })]);
  });

  test("leaves the day's analytics salt and hashes out, without a trace in the file", { timeout: 60_000 }, async () => {
    const database: TestDatabase = await createTestDatabase(kind);
    cleanups.push(() => database.destroy());
    const dir = mkdtempSync(path.join(tmpdir(), "dialogic-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await countSomeViews(database.db);
    const { salt } = await database.db.selectFrom("analytics_salts").select("salt").executeTakeFirstOrThrow();
    const hashes = await database.db.selectFrom("analytics_visitors").select("visitor").execute();
    expect(hashes.length).toBeGreaterThan(0);

    const file = path.join(dir, "backup.db");
    const { code, output } = await runCli(["backup", file], cliEnv(database.target));
    expect(output, output).toMatch(/analytics_pages 2/);
    expect(code).toBe(0);
    const backup = createDatabase({ kind: "sqlite", file });
    cleanups.push(() => backup.destroy());
    expect(await backup.selectFrom("analytics_pages").selectAll().execute()).toHaveLength(2);
    for (const table of DAY_KEYED_TABLES) expect(await backup.selectFrom(table).selectAll().execute(), table).toEqual([]);
    await backup.destroy();
    // Not in a free page or a log either: the file's bytes hold neither the salt nor a hash.
    const bytes = readdirSync(dir).map((name) => readFileSync(path.join(dir, name)).toString("latin1")).join("");
    expect(bytes).not.toContain(salt);
    for (const { visitor } of hashes) expect(bytes).not.toContain(visitor);
  });
});
