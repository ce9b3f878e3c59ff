import { z } from "zod";
import { SOURCE_FIELDS } from "../../domain/analytics";
import { formDefinitionSchema, formProblems } from "../../domain/forms";
import { asRecord } from "../../domain/validation";
import { PAGES_TAG, recordContentChange } from "../cache/content-changes.server";
import type { AppDatabase } from "../db/database.server";

/**
 * Forms and their submissions in the file `npm run admin -- export` writes and `import` reads,
 * beside the pages whose blocks name them (docs/decisions/220). A form keeps its id, so a page's
 * block still finds it; a submission keeps its id and is added once. Submissions arrive without
 * a notification email: the team was told when they came in.
 */

const moment = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());
const transferredForm = z.object({ id: z.string().min(1).max(40), created_at: moment, updated_at: moment });
const transferredSubmission = z.object({
  id: z.string().min(1).max(40),
  form_id: z.string().min(1).max(40),
  form_name: z.string().max(200),
  name: z.string().max(300),
  email: z.string().max(300),
  message: z.string().max(60_000),
  answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
  created_at: moment,
  read_at: moment.nullable(),
  landing_path: z.string().max(300),
  referrer_host: z.string().max(300),
  utm_source: z.string().max(300),
  utm_medium: z.string().max(300),
  utm_campaign: z.string().max(300),
});

export type FormsImportResult = {
  forms: { created: string[]; updated: string[]; refused: { id: string; fields: Record<string, string> }[] };
  submissions: { imported: number; skipped: number };
};

export async function exportForms(db: AppDatabase) {
  const forms = await db.selectFrom("forms").selectAll().orderBy("created_at").orderBy("id").execute();
  const submissions = await db
    .selectFrom("contact_messages")
    .select(["id", "form_id", "form_name", "name", "email", "message", "form_answers", "created_at", "read_at", ...SOURCE_FIELDS])
    .where("form_id", "is not", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return {
    forms: forms.map((form) => ({ ...form, fields: JSON.parse(form.fields) as unknown })),
    form_submissions: submissions.map(({ form_answers, ...row }) => ({ ...row, answers: form_answers ? (JSON.parse(form_answers) as unknown) : {} })),
  };
}

export async function importForms(db: AppDatabase, data: unknown): Promise<FormsImportResult> {
  const file = asRecord(data);
  const result: FormsImportResult = { forms: { created: [], updated: [], refused: [] }, submissions: { imported: 0, skipped: 0 } };
  for (const raw of Array.isArray(file.forms) ? file.forms : []) {
    const kept = transferredForm.safeParse(raw);
    const definition = formDefinitionSchema.safeParse(raw);
    if (!kept.success || !definition.success) {
      const fields = { ...(kept.success ? {} : formProblems(kept.error)), ...(definition.success ? {} : formProblems(definition.error)) };
      result.forms.refused.push({ id: String(asRecord(raw).id ?? ""), fields });
      continue;
    }
    const row = { ...kept.data, ...definition.data, fields: JSON.stringify(definition.data.fields) };
    const existing = await db.selectFrom("forms").select("id").where("id", "=", row.id).executeTakeFirst();
    if (existing) await db.updateTable("forms").set(row).where("id", "=", row.id).execute();
    else await db.insertInto("forms").values(row).execute();
    (existing ? result.forms.updated : result.forms.created).push(row.id);
  }
  if (result.forms.created.length + result.forms.updated.length > 0) await recordContentChange(db, [PAGES_TAG]);
  for (const raw of Array.isArray(file.form_submissions) ? file.form_submissions : []) {
    const parsed = transferredSubmission.safeParse(raw);
    const known = parsed.success && (await db.selectFrom("forms").select("id").where("id", "=", parsed.data.form_id).executeTakeFirst());
    const taken = parsed.success && (await db.selectFrom("contact_messages").select("id").where("id", "=", parsed.data.id).executeTakeFirst());
    if (!parsed.success || !known || taken) {
      result.submissions.skipped += 1;
      continue;
    }
    const { answers, ...row } = parsed.data;
    await db
      .insertInto("contact_messages")
      .values({ ...row, form_answers: JSON.stringify(answers), mail_id: null })
      .execute();
    result.submissions.imported += 1;
  }
  return result;
}
