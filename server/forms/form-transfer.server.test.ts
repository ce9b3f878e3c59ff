import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { testServices } from "../../tests/helpers/http-server";
import { cliEnv, runCli } from "../../tests/helpers/run-cli";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import type { AppDatabase } from "../db/database.server";
import { saveForm, submitFormEntry } from "./forms.server";
import { exportForms, importForms } from "./form-transfer.server";

const survey = {
  name: "Pilot survey",
  fields: [
    { name: "full_name", label: "Name", type: "text", required: true },
    { name: "email", label: "Email", type: "email", required: true },
    { name: "size", label: "Team size", type: "select", required: false, options: ["1-10", "11+"] },
    { name: "consent", label: "I agree", type: "consent", required: true },
  ],
  submit_label: "Send",
  success_message: "Thanks!",
};

/** A form with two submissions, one from a campaign. */
async function formWithSubmissions(db: AppDatabase): Promise<string> {
  const saved = await saveForm(db, survey);
  if (!saved.ok) throw new Error("not saved");
  const services = testServices(db);
  for (const [name, source] of [["Ada", { utm_source: "newsletter", utm_campaign: "pilot" }], ["Grace", {}]] as const) {
    const sent = await submitFormEntry(services, saved.form.id, { full_name: name, email: `${name.toLowerCase()}@example.com`, size: "11+", consent: true, ...source });
    if (!sent.ok) throw new Error("not sent");
  }
  return saved.form.id;
}

describe.each(testDatabaseKinds)("forms and submissions through export and import on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function database(): Promise<TestDatabase> {
    const made = await createTestDatabase(kind);
    cleanups.push(() => made.destroy());
    return made;
  }

  test("npm run admin -- export writes them and import adds them to another site once, ids kept", { timeout: 60_000 }, async () => {
    const [source, target] = [await database(), await database()];
    const id = await formWithSubmissions(source.db);
    const dir = mkdtempSync(path.join(tmpdir(), "dialogic-forms-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "export.json");

    const exported = await runCli(["export", file], cliEnv(source.target));
    expect(exported.code, exported.output).toBe(0);
    const data = JSON.parse(readFileSync(file, "utf8")) as { forms: unknown[]; form_submissions: unknown[] };
    expect(data.forms).toEqual([expect.objectContaining({ id, name: "Pilot survey", fields: survey.fields.map((field) => expect.objectContaining(field)) })]);
    expect(data.form_submissions).toHaveLength(2);

    const imported = await runCli(["import", file], cliEnv(target.target));
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain("Forms: created 1, updated 0, refused 0; submissions added 2, skipped 0.");
    expect(await exportForms(target.db)).toEqual(await exportForms(source.db));
    const lead = await target.db.selectFrom("contact_messages").selectAll().where("name", "=", "Ada").executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form_id: id, form_name: "Pilot survey", email: "ada@example.com", utm_campaign: "pilot", mail_id: null });

    const again = await runCli(["import", file], cliEnv(target.target));
    expect(again.output).toContain("Forms: created 0, updated 1, refused 0; submissions added 0, skipped 2.");
  });

  test("a bad form is refused naming its field; a submission of an unknown form is skipped", async () => {
    const target = await database();
    const now = new Date().toISOString();
    const file = { forms: [{ ...survey, id: "f1", name: "", created_at: now, updated_at: now }], form_submissions: [{ id: "s1", form_id: "nope" }] };
    const result = await importForms(target.db, JSON.parse(JSON.stringify(file)));
    expect(result).toEqual({ forms: { created: [], updated: [], refused: [{ id: "f1", fields: { name: "Form name is required" } }] }, submissions: { imported: 0, skipped: 1 } });
  });
});
