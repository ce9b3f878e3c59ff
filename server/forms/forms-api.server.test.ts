import pino from "pino";
import { afterEach, describe, expect, test, vi } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { parseCsv } from "../../tests/helpers/csv-parser";
import { startSmtpServer, type TestSmtpServer } from "../../tests/helpers/smtp-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import type { AppDatabase } from "../db/database.server";
import { startOutboxWorker, type OutboxWorker } from "../mail/outbox-worker.server";
import { createMailTransport } from "../mail/transport.server";
import { createPage, publishPage, updatePage } from "../pages/site-pages.server";
import { formsApiRouter } from "./forms-api.server";

const PASSWORD = "correct horse battery staple";

const webinar = {
  name: "Webinar: onboarding in weeks",
  fields: [
    { name: "full_name", label: "Name", type: "text", required: true },
    { name: "work_email", label: "Work email", type: "email", required: true },
    { name: "company", label: "Company", type: "text", required: false },
    { name: "team_size", label: "Team size", type: "select", required: false, options: ["1-10", "11-100", "100+"] },
    { name: "questions", label: "Questions", type: "long_text", required: false },
    { name: "newsletter", label: "Send me the newsletter", type: "checkbox", required: false },
    { name: "consent", label: "I agree that you store my details to run the webinar", type: "consent", required: true },
  ],
  submit_label: "Register",
  success_message: "You are registered. The link is on its way.",
};

const answers = { full_name: "Grace Hopper", work_email: "grace@example.com", company: "Navy", team_size: "11-100", questions: "Recording?", consent: true };

describe.each(testDatabaseKinds)("forms API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start(env: NodeJS.ProcessEnv = {}) {
    const started = await server.start({
      env: { CONTACT_TO: "team@dialogic.test", ...env },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [formsApiRouter(services)],
    });
    const token = (await login(started.db, PASSWORD))!.token;
    const create = async (body: unknown = webinar) => {
      const response = await started.send("/admin/forms", { body, token });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return { ...started, token, create };
  }

  test("POST /api/admin/forms answers 201 with the form and its id; the list, the form and a change follow", async () => {
    const { send, token, create } = await start();
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...webinar, id: expect.any(String), submissions: 0 });
    const id = String(created.body.id);
    // Options belong to a select only; the others come back without them.
    expect((created.body.fields as { options?: unknown }[])[0]).not.toHaveProperty("options");

    const list = await send("/admin/forms", { method: "GET", token });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([expect.objectContaining({ id, name: webinar.name })]);
    const one = await send(`/admin/forms/${id}`, { method: "GET", token });
    expect(await one.json()).toMatchObject({ id, submit_label: "Register" });

    const changed = await send(`/admin/forms/${id}`, { method: "PUT", body: { ...webinar, submit_label: "Save my seat" }, token });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id, submit_label: "Save my seat" });
    expect((await send("/admin/forms/nope", { method: "PUT", body: webinar, token })).status).toBe(404);
    expect((await send("/admin/forms", { method: "GET" })).status).toBe(401);
  });

  test("a bad definition answers 400 naming the field; nothing is stored", async () => {
    const { db, create } = await start();
    const cases: [unknown, Record<string, string>][] = [
      [{ ...webinar, name: " " }, { name: "Form name is required" }],
      [{ ...webinar, submit_label: "" }, { submit_label: "Button label is required" }],
      [{ ...webinar, success_message: "" }, { success_message: "Thank-you text is required" }],
      [{ ...webinar, fields: [] }, { fields: "Add at least one field" }],
      [{ ...webinar, fields: [{ name: "x", label: "X", type: "date" }] }, { "fields.0.type": expect.any(String) }],
      [{ ...webinar, fields: [{ name: "Full Name", label: "X", type: "text" }] }, { "fields.0.name": expect.stringContaining("lower-case") }],
      [{ ...webinar, fields: [{ name: "utm_source", label: "X", type: "text" }] }, { "fields.0.name": "This name is kept for the visit's source" }],
      [{ ...webinar, fields: [{ name: "size", label: "Size", type: "select" }] }, { "fields.0.options": "A select needs at least one option" }],
      [{ ...webinar, fields: [{ name: "a", label: "A", type: "text", options: ["x"] }] }, { "fields.0.options": "Only a select has options" }],
      [{ ...webinar, fields: [webinar.fields[0], webinar.fields[0]] }, { "fields.1.name": "Another field of the form has this name" }],
      [{ ...webinar, fields: [{ ...webinar.fields[0], label: "x".repeat(201) }] }, { "fields.0.label": "Must be at most 200 characters" }],
      [[1, 2], { form: expect.any(String) }],
    ];
    for (const [body, fields] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String), fields: expect.objectContaining(fields) });
    }
    expect(await db.selectFrom("forms").selectAll().execute()).toEqual([]);
  });

  test("DELETE refuses a form a page shows or drafts (409 naming the pages), then deletes it (204, audited) keeping its leads", async () => {
    const { db, send, token, create } = await start();
    const id = String((await create()).body.id);
    expect((await send(`/forms/${id}`, { body: answers })).status).toBe(201);
    const formBlock = { id: "b1", type: "form", form_id: id, title: "", lead: "" };
    const live = await createPage(db, { path: "/webinar", title: "Webinar", blocks: [formBlock] });
    const drafted = await createPage(db, { path: "/later", title: "Later", blocks: [] });
    if (!live.ok || !drafted.ok) throw new Error("pages not created");
    expect((await publishPage(db, live.page.id, {})).ok).toBe(true);
    expect((await publishPage(db, drafted.page.id, {})).ok).toBe(true);
    expect((await updatePage(db, drafted.page.id, { blocks: [formBlock] })).ok).toBe(true);

    const refused = await send(`/admin/forms/${id}`, { method: "DELETE", token });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "This form is on the pages /later, /webinar: remove its block there first", pages: ["/later", "/webinar"] });
    expect(await db.selectFrom("forms").select("id").execute()).toHaveLength(1);

    for (const page of [live.page.id, drafted.page.id]) expect((await updatePage(db, page, { blocks: [] })).ok).toBe(true);
    expect((await publishPage(db, live.page.id, {})).ok).toBe(true);
    expect((await publishPage(db, drafted.page.id, {})).ok).toBe(true);
    const deleted = await send(`/admin/forms/${id}`, { method: "DELETE", token });
    expect(deleted.status).toBe(204);
    expect(await db.selectFrom("forms").select("id").execute()).toEqual([]);
    expect((await send(`/admin/forms/${id}`, { method: "DELETE", token })).status).toBe(404);
    expect(await db.selectFrom("contact_messages").select(["form_id", "form_name"]).execute()).toEqual([{ form_id: id, form_name: webinar.name }]);
    expect(await db.selectFrom("audit_events").select(["action", "target", "target_label"]).where("action", "=", "form.deleted").execute()).toEqual([{ action: "form.deleted", target: id, target_label: webinar.name }]);
  });

  test("a submission answers 201 and is a lead named by its form, with its source and an email to the team", async () => {
    const { db, send, create } = await start();
    const id = String((await create()).body.id);
    const source = { landing_path: "/webinar", referrer_host: "news.example", utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring" };
    const response = await send(`/forms/${id}`, { body: { ...answers, ...source, unknown_field: "ignored" } });
    expect(response.status).toBe(201);
    const { id: leadId, success_message } = (await response.json()) as { id: string; success_message: string };
    expect(success_message).toBe(webinar.success_message);

    const lead = await db.selectFrom("contact_messages").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form_id: id, form_name: webinar.name, name: "Grace Hopper", email: "grace@example.com", read_at: null, ...source });
    expect(JSON.parse(lead.form_answers)).toEqual({ ...answers, newsletter: false });
    expect(lead.message).toContain("Company: Navy");
    expect(lead.message).toContain("Send me the newsletter: No");
    const email = await db.selectFrom("mail_outbox").selectAll().where("id", "=", lead.mail_id!).executeTakeFirstOrThrow();
    expect(email).toMatchObject({ to_address: "team@dialogic.test", reply_to: "grace@example.com", status: "pending" });
    expect(email.subject).toBe(`New "${webinar.name}" submission from Grace Hopper`);
    expect(email.text_body).toContain("Source: /webinar · newsletter / email / spring · via news.example");
    expect(email.text_body).toContain("Questions: Recording?");
  });

  test("answers are checked against the form's own fields: required, types and lengths, each 400 naming the field", async () => {
    const { db, send, create } = await start();
    const id = String((await create()).body.id);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...answers, full_name: " " }, { full_name: "Name is required" }],
      [{ ...answers, consent: false }, { consent: "I agree that you store my details to run the webinar is required" }],
      [{ ...answers, work_email: "grace@localhost" }, { work_email: "Enter a valid email address" }],
      [{ ...answers, work_email: "a@b.c, d@e.f" }, { work_email: "Enter a valid email address" }],
      [{ ...answers, team_size: "a thousand" }, { team_size: "Choose one of the options" }],
      [{ ...answers, newsletter: "maybe" }, { newsletter: "Must be checked or not" }],
      [{ ...answers, company: 42 }, { company: "Must be text" }],
      [{ ...answers, company: "x".repeat(201) }, { company: "Must be at most 200 characters" }],
      [{ ...answers, company: "Navy\nBcc: someone" }, { company: "Must be a single line without line breaks or control characters" }],
      [{ ...answers, questions: "x".repeat(5_001) }, { questions: "Must be at most 5,000 characters" }],
      [{ ...answers, questions: "nul \u0000" }, { questions: "Contains characters that are not allowed (NUL or broken Unicode)" }],
    ];
    for (const [body, fields] of cases) {
      // Every attempt counts against the limit (tested below): each case starts afresh.
      await db.deleteFrom("rate_limit_windows").execute();
      const response = await send(`/forms/${id}`, { body });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.json()).toEqual({ error: Object.values(fields)[0], fields });
    }
    await db.deleteFrom("rate_limit_windows").execute();
    const everything = await send(`/forms/${id}`, { body: {} });
    expect(await everything.json()).toMatchObject({ fields: { full_name: "Name is required", work_email: "Work email is required", consent: expect.any(String) } });
    expect((await send("/forms/no-such-form", { body: answers })).status).toBe(404);
    expect(await db.selectFrom("contact_messages").selectAll().execute()).toEqual([]);
  });

  test("a form-encoded post (a browser without JavaScript) is taken too; a box sent is checked", async () => {
    const { db, url, create } = await start();
    const id = String((await create()).body.id);
    const body = new URLSearchParams({ full_name: "Ada", work_email: "ada@example.com", consent: "on", newsletter: "on" });
    const response = await fetch(`${url}/forms/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://localhost/webinar?utm_source=linkedin&utm_campaign=launch" },
      body,
    });
    expect(response.status).toBe(201);
    const lead = await db.selectFrom("contact_messages").selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(lead.form_answers)).toMatchObject({ consent: true, newsletter: true, company: "" });
    // No hidden source fields: the form page's address says the campaign.
    expect(lead).toMatchObject({ landing_path: "/webinar", utm_source: "linkedin", utm_campaign: "launch" });
  });

  test("submissions are rate-limited per client like the contact form: the sixth in ten minutes answers 429", async () => {
    const { send, create } = await start();
    const id = String((await create()).body.id);
    for (let each = 0; each < 5; each += 1) expect((await send(`/forms/${id}`, { body: answers })).status).toBe(201);
    const limited = await send(`/forms/${id}`, { body: answers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({ error: "Too many submissions from your network. Please wait 10 minutes and try again." });
  });

  test("a form's submissions as JSON and as CSV, newest first, only its own", async () => {
    const { send, token, create } = await start();
    const id = String((await create()).body.id);
    const other = String((await create({ ...webinar, name: "Other" })).body.id);
    await send(`/forms/${id}`, { body: { ...answers, utm_source: "newsletter", utm_campaign: "spring" } });
    await send(`/forms/${id}`, { body: { ...answers, full_name: "=HYPERLINK(\"x\")", newsletter: true } });
    await send(`/forms/${other}`, { body: answers });

    const json = await send(`/admin/forms/${id}/submissions`, { method: "GET", token });
    expect(json.status).toBe(200);
    const { form, submissions } = (await json.json()) as { form: { id: string }; submissions: { answers: Record<string, unknown> }[] };
    expect(form.id).toBe(id);
    expect(submissions.map((each) => each.answers.full_name)).toEqual(['=HYPERLINK("x")', "Grace Hopper"]);

    const csv = await send(`/admin/forms/${id}/submissions?format=csv`, { method: "GET", token });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="?webinar-onboarding-in-weeks-submissions-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, newest, oldest] = parseCsv(await csv.text(), ",");
    expect(header).toEqual(["created_at", ...webinar.fields.map((field) => field.name), "landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"]);
    // A formula is written as text, never run by a spreadsheet.
    expect(newest![1]).toBe(`'=HYPERLINK("x")`);
    expect(newest![6]).toBe("Yes");
    expect(oldest!.slice(1, 8)).toEqual(["Grace Hopper", "grace@example.com", "Navy", "11-100", "Recording?", "No", "Yes"]);
    expect(oldest!.slice(10)).toEqual(["newsletter", "", "spring"]);
    expect((await send(`/admin/forms/${id}/submissions?format=xml`, { method: "GET", token })).status).toBe(400);
    expect((await send("/admin/forms/none/submissions", { method: "GET", token })).status).toBe(404);
  });
});

describe.each(testDatabaseKinds)("a form's email through the outbox on %s", (kind) => {
  const server = apiTestServer(kind);
  let smtp: TestSmtpServer | undefined;
  let worker: OutboxWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    await smtp?.close();
  });

  test("reaches the team over real SMTP with the visitor in Reply-To", async () => {
    smtp = await startSmtpServer();
    const { db, send } = await server.start({
      env: { CONTACT_TO: "team@dialogic.test", SMTP_URL: smtp.url },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [formsApiRouter(services)],
    });
    const token = (await login(db, PASSWORD))!.token;
    const { id } = (await (await send("/admin/forms", { body: webinar, token })).json()) as { id: string };
    worker = startWorker(db, smtp.url);
    expect((await send(`/forms/${id}`, { body: answers })).status).toBe(201);
    await vi.waitFor(() => expect(smtp!.received).toHaveLength(1), { timeout: 15_000, interval: 20 });
    const [email] = smtp.received;
    expect(email!.rcptTo).toEqual(["team@dialogic.test"]);
    expect(email!.headers["reply-to"]).toBe("grace@example.com");
    expect(email!.text).toContain(`New submission of the form "${webinar.name}"`);
    expect(email!.text).toContain("Work email: grace@example.com");
  });
});

function startWorker(db: AppDatabase, smtpUrl: string): OutboxWorker {
  const logger = pino({ level: "silent" });
  const transport = createMailTransport({ smtpUrl, from: "Dialogic <no-reply@dialogic.test>", logger });
  return startOutboxWorker({ db, transport, logger, pollIntervalMs: 20, baseDelayMs: 20, maxDelayMs: 100 });
}
