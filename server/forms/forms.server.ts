import crypto from "node:crypto";
import { sourceFromFields, type VisitSource } from "../../domain/analytics";
import { answerText, checkFormEntry, formEntryMessages, type FormAnswers, type FormField, type PublicForm } from "../../domain/form-entries";
import { formDefinitionSchema, formInUseMessage, formMessages, formProblems, type FormSubmission, type FormSummary } from "../../domain/forms";
import { isEmptySource, sourceFromFormPage, sourceText } from "../../domain/lead-source";
import type { PageBlock } from "../../domain/page-blocks";
import type { PageVersion } from "../../domain/site-pages";
import { asRecord } from "../../domain/validation";
import { csvText } from "../analytics/csv.server";
import { PAGES_TAG, recordContentChange } from "../cache/content-changes.server";
import type { AppServices } from "../context.server";
import type { AppDatabase } from "../db/database.server";
import type { FormsTable } from "../db/schema";
import { countAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";

/**
 * Forms the team builds and their submissions (docs/decisions/220). A submission is a lead: a
 * row of contact_messages naming its form, so the inbox, its read marks and the analytics' leads
 * take it as they take a contact message.
 */

/** Submissions one client may send per window, over all forms: the contact form's numbers. */
export const FORMS_LIMIT: RateLimitRule = {
  name: "forms",
  windowMs: 10 * 60 * 1000,
  limit: 5,
  message: formEntryMessages.rateLimited,
};

export type FormSaveResult = { ok: true; form: FormSummary } | { ok: false; code: "invalid"; error: string; fields: Record<string, string> } | { ok: false; code: "not_found" };

export type FormSubmitResult =
  | { ok: true; id: string; success_message: string }
  | { ok: false; code: "not_found" }
  | { ok: false; code: "invalid"; error: string; fields: Record<string, string> }
  | RateLimited;

function publicForm(row: FormsTable): PublicForm {
  return {
    id: row.id,
    name: row.name,
    fields: JSON.parse(row.fields) as FormField[],
    submit_label: row.submit_label,
    success_message: row.success_message,
  };
}

async function submissionCounts(db: AppDatabase): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("contact_messages")
    .where("form_id", "is not", null)
    .select(["form_id", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("form_id")
    .execute();
  return new Map(rows.map((row) => [row.form_id ?? "", Number(row.count)]));
}

/** Every form, by name, with its number of submissions. */
export async function listForms(db: AppDatabase): Promise<FormSummary[]> {
  const [rows, counts] = await Promise.all([db.selectFrom("forms").selectAll().orderBy("name").orderBy("id").execute(), submissionCounts(db)]);
  return rows.map((row) => ({ ...publicForm(row), created_at: row.created_at, updated_at: row.updated_at, submissions: counts.get(row.id) ?? 0 }));
}

export async function findForm(db: AppDatabase, id: string): Promise<(PublicForm & Pick<FormsTable, "created_at" | "updated_at">) | undefined> {
  const row = await db.selectFrom("forms").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...publicForm(row), created_at: row.created_at, updated_at: row.updated_at } : undefined;
}

/** The forms that blocks name, by id, for the public page (a form since removed is left out). */
export async function formsByIds(db: AppDatabase, ids: readonly string[]): Promise<Record<string, PublicForm>> {
  if (ids.length === 0) return {};
  const rows = await db.selectFrom("forms").selectAll().where("id", "in", [...new Set(ids)]).execute();
  return Object.fromEntries(rows.map((row) => [row.id, publicForm(row)]));
}

/**
 * Creates a form, or replaces the definition of form `id`. A page that shows it changes too: the
 * page cache forgets pages on this change.
 */
export async function saveForm(db: AppDatabase, input: unknown, id?: string): Promise<FormSaveResult> {
  const parsed = formDefinitionSchema.safeParse(input);
  if (!parsed.success) {
    const fields = formProblems(parsed.error);
    return { ok: false, code: "invalid", error: Object.values(fields)[0] ?? formMessages.invalid, fields };
  }
  const now = new Date().toISOString();
  const row = { ...parsed.data, fields: JSON.stringify(parsed.data.fields), updated_at: now };
  if (id) {
    const updated = await db.updateTable("forms").set(row).where("id", "=", id).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { ok: false, code: "not_found" };
  } else {
    id = crypto.randomUUID();
    await db.insertInto("forms").values({ ...row, id, created_at: now }).execute();
  }
  await recordContentChange(db, [PAGES_TAG]);
  const saved = (await listForms(db)).find((form) => form.id === id);
  return saved ? { ok: true, form: saved } : { ok: false, code: "not_found" };
}

export type FormDeleteResult = { ok: true; name: string } | { ok: false; code: "not_found" } | { ok: false; code: "in_use"; error: string; pages: string[] };

/**
 * Deletes a form that no page shows, schedules or keeps in a draft: a page would lose its form
 * without a word. Its submissions stay leads in the inbox, under the form's name as it was.
 */
export async function deleteForm(db: AppDatabase, id: string): Promise<FormDeleteResult> {
  const form = await db.selectFrom("forms").select("name").where("id", "=", id).executeTakeFirst();
  if (!form) return { ok: false, code: "not_found" };
  const names = (blocks: readonly PageBlock[]) => blocks.some((block) => block.type === "form" && block.form_id === id);
  const pages = await db.selectFrom("site_pages").select(["path", "blocks", "draft"]).orderBy("path").execute();
  // Read here, not through the pages' service, which reads forms for the pages it shows.
  const draftBlocks = (draft: string | null) => (draft === null ? [] : (JSON.parse(draft) as PageVersion).blocks);
  const using = pages.filter((page) => names(JSON.parse(page.blocks) as PageBlock[]) || names(draftBlocks(page.draft))).map((page) => page.path);
  if (using.length > 0) return { ok: false, code: "in_use", error: formInUseMessage(using), pages: using };
  await db.deleteFrom("forms").where("id", "=", id).execute();
  return { ok: true, name: form.name };
}

/** What the lead's name, email and text are: the answers a person reads first. */
function leadColumns(form: PublicForm, answers: FormAnswers) {
  const textOf = (field: FormField | undefined) => (field ? answerText(answers[field.name]).trim() : "");
  const named = form.fields.find((field) => field.type === "text" && /name/.test(field.name) && textOf(field));
  const firstText = form.fields.find((field) => field.type === "text" && textOf(field));
  const email = form.fields.find((field) => field.type === "email" && textOf(field));
  return {
    name: textOf(named ?? firstText) || form.name,
    email: textOf(email),
    message: form.fields.map((field) => `${field.label}: ${answerText(answers[field.name])}`).join("\n"),
  };
}

/**
 * Receives a submission from any door (the JSON or form-encoded API, a landing page's form post
 * without JavaScript). Every attempt counts against FORMS_LIMIT from the client's key; the lead
 * and its notification email are committed together before this resolves. The visit's source
 * comes with the input (hidden fields), or else from the form page's address (`formPage`).
 */
export async function submitFormEntry(
  { db, config }: Pick<AppServices, "db" | "config">,
  formId: string,
  input: unknown,
  { clientKey, formPage }: { clientKey?: string; formPage?: string | null } = {},
): Promise<FormSubmitResult> {
  const form = await findForm(db, formId);
  if (!form) return { ok: false, code: "not_found" };
  const limited = await countAttempt(db, FORMS_LIMIT, clientKey);
  if (limited) return limited;
  const values = asRecord(input);
  const checked = checkFormEntry(form.fields, values);
  if (!checked.ok) return { ok: false, code: "invalid", error: checked.error, fields: checked.fields };
  const fromFields = sourceFromFields(values);
  const source = isEmptySource(fromFields) && formPage ? sourceFromFormPage(formPage) : fromFields;
  const lead = leadColumns(form, checked.answers);
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    const mailId = await enqueueEmail(trx, {
      to: config.mail.contactTo,
      ...(lead.email ? { replyTo: lead.email } : {}),
      subject: `New "${form.name}" submission from ${lead.name}`,
      text: notificationText(form.name, lead.message, config.public.siteName, source),
    });
    await trx
      .insertInto("contact_messages")
      .values({
        id,
        ...lead,
        created_at: new Date().toISOString(),
        read_at: null,
        mail_id: mailId,
        form_id: form.id,
        form_name: form.name,
        form_answers: JSON.stringify(checked.answers),
        ...source,
      })
      .execute();
  });
  notifyOutbox();
  return { ok: true, id, success_message: form.success_message };
}

function notificationText(formName: string, answers: string, siteName: string, source: VisitSource): string {
  return [`New submission of the form "${formName}" on ${siteName}.`, "", sourceText(source), "", answers, "", "The submission is in the admin's inbox."].join("\n");
}

/** A form's submissions, newest first. */
export async function listSubmissions(db: AppDatabase, formId: string): Promise<FormSubmission[]> {
  const rows = await db
    .selectFrom("contact_messages")
    .select(["id", "created_at", "form_answers", "landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"])
    .where("form_id", "=", formId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(({ form_answers, ...row }) => ({ ...row, answers: form_answers ? (JSON.parse(form_answers) as FormAnswers) : {} }));
}

const SOURCE_COLUMNS = ["landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"] as const;

/** The submissions as CSV: when, each field of the form by its name, then the source. */
export function submissionsCsv(form: PublicForm, submissions: readonly FormSubmission[]): string {
  const header = ["created_at", ...form.fields.map((field) => field.name), ...SOURCE_COLUMNS];
  const rows = submissions.map((each) => [
    each.created_at,
    ...form.fields.map((field) => answerText(each.answers[field.name])),
    ...SOURCE_COLUMNS.map((column) => each[column]),
  ]);
  return csvText(header, rows);
}
