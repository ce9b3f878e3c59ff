import { useState } from "react";
import { data, useRevalidator } from "react-router";
import { caseTexts, dayInWords, isBackAfterReply, type CaseEvent, type CaseView } from "../../domain/disclosure-case";
import { CASE_HEADERS, caseView, openCase } from "../../server/disclosure/case.server";
import { attachmentRule } from "../../server/reports/attachment-rule.server";
import { REPORT_LIMITS } from "../../domain/report-fields";
import { assessmentTexts } from "../../domain/case-assessment";
import { scoreWords } from "../../domain/cvss-rating";
import { CaseAssessmentPanel } from "../components/disclosure/case-assessment";
import { CaseFiles } from "../components/disclosure/case-files";
import { CaseLinksPanel } from "../components/disclosure/case-links-panel";
import { CasePanel } from "../components/disclosure/case-panel";
import { CaseReplyForm } from "../components/disclosure/case-reply-form";
import { NextStep, SentReport } from "../components/disclosure/sent-report";
import { send, type ApiFailure } from "../components/disclosure/case-request";
import { MessageText } from "../components/disclosure/message-text";
import { FieldError, FormAlert } from "../components/ui/form-messages";
import { LabelledField } from "../components/ui/labelled-field";
import { PageHeader } from "../components/ui/page-header";
import { SiteLink } from "../components/ui/site-link";
import { formatAdminDate } from "../lib/dates";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/security-case";

/**
 * /security/case/{token}: the reporter's own view of their report, for whoever holds the link
 * (docs/decisions/144). Never stored by a cache, indexed, or named in a referrer; the token is
 * redacted from the logs. Reading works without JavaScript; replying, credit and withdrawal use
 * the case API.
 */
const caseInputClass = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2";

export async function loader({ params, context }: Route.LoaderArgs) {
  const opened = await openCase(context.services.db, params.token, context.clientKey);
  if (!opened.ok) {
    const limited = "code" in opened;
    return data({ view: null, limited, attachmentRule: "", descriptionMin: 0 }, { status: limited ? 429 : 404, headers: CASE_HEADERS });
  }
  const view = await caseView(context.services, opened.reportId, opened.linkHash);
  // The form's rules as words and numbers from the server: the page loads no validation library.
  const rules = { attachmentRule: attachmentRule(), descriptionMin: REPORT_LIMITS.description_min };
  return data({ view: view ?? null, limited: false, ...rules }, { status: view ? 200 : 404, headers: CASE_HEADERS });
}

export const headers: Route.HeadersFunction = () => CASE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: caseTexts.title,
    description: caseTexts.title,
    path: "/security/case",
    noindex: true,
  });

export default function SecurityCasePage({ loaderData, params }: Route.ComponentProps) {
  const { view, limited, attachmentRule: rule, descriptionMin } = loaderData;
  if (!view) {
    return (
      <>
        <PageHeader title={caseTexts.notFoundTitle} lead={limited ? caseTexts.rateLimited : caseTexts.notFound} />
        <div className="mx-auto max-w-3xl px-4 pb-24 sm:px-6">
          <SiteLink to="/security/case" className="font-semibold text-indigo-700 underline">
            {caseTexts.lostLinkTitle}
          </SiteLink>
        </div>
      </>
    );
  }
  return <CaseScreen view={view} token={params.token} attachmentRule={rule} descriptionMin={descriptionMin} />;
}

function CaseScreen({ view: loaded, token, attachmentRule: rule, descriptionMin }: { view: CaseView; token: string; attachmentRule: string; descriptionMin: number }) {
  const api = `/api/security/case/${encodeURIComponent(token)}`;
  // A reply answers with the whole case: shown at once, until the loader brings a newer one.
  const [replied, setReplied] = useState<{ after: CaseView; view: CaseView }>();
  const view = replied?.after === loaded ? replied.view : loaded;
  return (
    <>
      <PageHeader title={caseTexts.title} lead={view.title} />
      <div className="mx-auto max-w-6xl space-y-10 px-4 pb-24 sm:px-6">
        {/* The facts as a list, the sentences about them after it: a list holds only its pairs. */}
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm font-medium text-slate-600">{caseTexts.reference}</dt>
              <dd className="font-mono tracking-wider text-slate-900">{view.reference}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">{caseTexts.received}</dt>
              <dd className="text-slate-900">{formatAdminDate(view.receivedAt)}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">{caseTexts.status}</dt>
              <dd className="font-semibold text-slate-900" data-case-status={view.status}>
                {view.statusLabel}
              </dd>
            </div>
          </dl>
          {view.duplicateOf ? <p className="text-sm text-slate-700">{caseTexts.duplicateOf(view.duplicateOf)}</p> : null}
          <NextStep view={view} />
        </div>
        <CaseAssessmentPanel view={view} api={api} onSuggested={(next) => setReplied({ after: loaded, view: next })} />

        {/* The report on one side, the conversation and the reply on the other; one column on phones. */}
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="min-w-0">
            <SentReport view={view} api={api} descriptionMin={descriptionMin} />
          </div>
          <div className="min-w-0 space-y-10">
            <section aria-labelledby="timeline-title">
              <h2 id="timeline-title" className="text-xl font-semibold text-slate-900">
                {caseTexts.timeline}
              </h2>
              <ol className="mt-4 space-y-4">
                <li className="text-sm text-slate-600">
                  {formatAdminDate(view.receivedAt)}: {caseTexts.received}
                </li>
                {view.events.map((event) => (
                  <TimelineEntry key={event.id} event={event} api={api} />
                ))}
              </ol>
            </section>
            {view.closed && !view.repliesUntil ? (
              <p className="rounded-lg bg-slate-100 px-4 py-3 text-slate-700">{caseTexts.closedNoReplies}</p>
            ) : (
              <CaseReplyForm
                api={api}
                attachmentRule={rule}
                lead={view.repliesUntil ? caseTexts.repliesAfterClose(dayInWords(view.repliesUntil)) : undefined}
                onReplied={(next) => setReplied({ after: loaded, view: next })}
              />
            )}
          </div>
        </div>
        <div className="mx-auto max-w-3xl space-y-10">
          <CreditForm api={api} credit={view.credit} />
          <CaseLinksPanel api={api} links={view.links} />
          {view.closed ? null : <WithdrawPanel api={api} />}
        </div>
      </div>
    </>
  );
}

function TimelineEntry({ event, api }: { event: CaseEvent; api: string }) {
  const who = event.author === "team" ? caseTexts.team : caseTexts.you;
  if (event.kind === "status") {
    return (
      <li className="text-sm text-slate-600">
        {formatAdminDate(event.at)}: {isBackAfterReply(event) ? caseTexts.backAfterReply : caseTexts.statusChanged}:{" "}
        <strong className="text-slate-900">{event.label}</strong>
      </li>
    );
  }
  if (event.kind === "suggestion") {
    return (
      <li className="text-sm text-slate-600 [overflow-wrap:anywhere]">
        {formatAdminDate(event.at)}: {assessmentTexts.suggested} <span className="font-mono text-slate-900">{event.cvss_vector}</span>,{" "}
        <strong className="text-slate-900">{scoreWords(event.cvss_score)}</strong>
      </li>
    );
  }
  return (
    <li className={`rounded-xl border p-4 ${event.author === "team" ? "border-indigo-200 bg-indigo-50" : "border-slate-200 bg-white"}`}>
      <p className="text-sm font-semibold text-slate-700">
        {who} · {formatAdminDate(event.at)}
      </p>
      {event.newStatus ? (
        <p className="mt-1 text-sm text-slate-700">
          {caseTexts.statusChanged}: <strong className="text-slate-900">{event.newStatus.label}</strong>
        </p>
      ) : null}
      <div className="mt-2 text-slate-900">
        <MessageText text={event.body} />
      </div>
      {event.files.length > 0 ? <CaseFiles files={event.files} api={api} /> : null}
    </li>
  );
}

function CreditForm({ api, credit }: { api: string; credit: CaseView["credit"] }) {
  const revalidator = useRevalidator();
  const [choice, setChoice] = useState(credit.choice ?? "");
  const [name, setName] = useState(credit.name ?? "");
  const [url, setUrl] = useState(credit.url ?? "");
  const [failure, setFailure] = useState<ApiFailure>();
  const [saved, setSaved] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const body = choice === "named" ? { credit: choice, name, url } : { credit: choice };
    const failed = await send(`${api}/credit`, { method: "PUT", body });
    setFailure(failed);
    if (failed) return;
    setSaved(true);
    await revalidator.revalidate();
  }

  return (
    <CasePanel id="credit-title" title={caseTexts.creditTitle} lead={caseTexts.creditLead}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormAlert error={failure && !failure.fields ? failure.error : undefined} />
        <fieldset>
          <legend className="sr-only">{caseTexts.creditTitle}</legend>
          <FieldError id="credit-error" error={failure?.fields?.credit} />
          {(["named", "anonymous"] as const).map((option) => (
            <label key={option} className="mt-2 flex items-center gap-2">
              <input type="radio" name="credit" value={option} checked={choice === option} onChange={() => setChoice(option)} />
              {option === "named" ? caseTexts.creditNamed : caseTexts.creditAnonymous}
            </label>
          ))}
        </fieldset>
        {choice === "named" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <LabelledField id="credit-name" label={caseTexts.creditName} error={failure?.fields?.name}>
              {(control) => <input {...control} value={name} onChange={(event) => setName(event.target.value)} className={caseInputClass} />}
            </LabelledField>
            <LabelledField id="credit-url" label={caseTexts.creditUrl} error={failure?.fields?.url}>
              {(control) => <input {...control} type="url" value={url} onChange={(event) => setUrl(event.target.value)} className={caseInputClass} />}
            </LabelledField>
          </div>
        ) : null}
        <button type="submit" disabled={!choice} className="rounded-lg border border-indigo-700 px-5 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60">
          {caseTexts.creditSave}
        </button>
        {saved ? (
          <p role="status" className="text-sm text-emerald-800">
            {caseTexts.creditSaved}
          </p>
        ) : null}
      </form>
    </CasePanel>
  );
}

function WithdrawPanel({ api }: { api: string }) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<ApiFailure>();

  async function withdraw() {
    const failed = await send(`${api}/withdraw`, { method: "POST" });
    setFailure(failed);
    if (!failed) await revalidator.revalidate();
  }

  return (
    <CasePanel id="withdraw-title" title={caseTexts.withdrawTitle} lead={caseTexts.withdrawLead} look="plain">
      <div className="mt-4">
        <FormAlert error={failure?.error} />
        {confirming ? (
          <div role="group" aria-label={caseTexts.withdrawConfirm} className="flex flex-wrap items-center gap-3">
            <p className="font-medium text-slate-900">{caseTexts.withdrawConfirm}</p>
            <button type="button" onClick={() => void withdraw()} className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
              {caseTexts.withdraw}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700">
              {caseTexts.keep}
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} className="rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50">
            {caseTexts.withdraw}
          </button>
        )}
      </div>
    </CasePanel>
  );
}
