import { useId, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { toast } from "sonner";
import type { CaseEvent } from "../../domain/disclosure-case";
import type { DeadlineStep } from "../../domain/disclosure-deadlines";
import { formatBytes } from "../../domain/report-attachments";
import { cvssRating, type TriagePatch } from "../../domain/report-triage";
import { TEAM_STATUSES } from "../../domain/report-status";
import {
  REPORT_FIELDS,
  reportMessages,
  REPORT_STATUS_LABELS,
  SEVERITIES,
  type ReportStatus,
} from "../../domain/vulnerability-report";
import { AdminTime, BackToAdmin, QueryStatus, SeverityBadge } from "../components/admin/admin-panels";
import { NewReplyBadge, OverdueBadge } from "../components/admin/triage-badges";
import { MessageText } from "../components/disclosure/message-text";
import { adminPageMeta } from "../content/admin-page-meta";
import { reportFieldCopy } from "../content/security-submit";
import { triageCopy } from "../content/triage";
import { adminApi, type AdminApiResult, type TriagedReport } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { assessmentDraftOf, assessmentPatch, formatDueDay, type AssessmentDraft } from "../lib/admin/triage-view";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { saveFile } from "../lib/browser/save-file";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/admin-report";
import { SiteLink } from "../components/ui/site-link";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(siteFromMatches(matches), {
    ...adminPageMeta.report,
    path: `/admin/reports/${encodeURIComponent(params.id)}`,
  });

/** Every field of the report but its title (shown above them), in the order of the form. Shown as text, never as HTML. */
const DETAIL_FIELDS = REPORT_FIELDS.filter((field) => field !== "vulnerability_title");

const fieldClass = "mt-1 min-h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900";
const buttonClass =
  "inline-flex min-h-11 items-center rounded-lg bg-indigo-700 px-5 text-sm font-semibold text-white hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-60";

type Update = (change: (data: { report: TriagedReport }) => { report: TriagedReport }) => void;

export default function ReportView() {
  const { id = "" } = useParams();
  const { query, update } = useAdminQuery(`report:${id}`, () => adminApi.getReport(id));
  const report = query.status === "ready" ? query.data.report : undefined;
  usePrerenderReady(report?.id);

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <nav className="flex flex-wrap gap-6 text-sm font-semibold text-indigo-700">
        <BackToAdmin />
        <SiteLink to="/admin/reports" className="hover:underline">
          {triageCopy.backToReports}
        </SiteLink>
      </nav>

      {query.status === "failed" && query.code === 404 ? (
        <h1 className="mt-8 text-2xl font-bold">{reportMessages.notFound}</h1>
      ) : (
        <QueryStatus query={query} loading={triageCopy.loadingOne} failed={triageCopy.loadError} />
      )}
      {report ? <ReportPage key={report.id} report={report} update={update} /> : null}
    </div>
  );
}

/** The loaded report: its fields, the team's decisions, its deadlines and the conversation. */
function ReportPage({ report, update }: { report: TriagedReport; update: Update }) {
  const run = useAdminCall();
  const [savingStatus, setSavingStatus] = useState(false);
  const [draft, setDraft] = useState<AssessmentDraft>(() => assessmentDraftOf(report));
  const [errors, setErrors] = useState<Partial<Record<keyof TriagePatch, string>>>({});
  const saved = assessmentDraftOf(report);

  /** Sends a change; on a refusal the fields it names show the message and keep what was typed. */
  async function send(patch: TriagePatch): Promise<AdminApiResult<{ report: TriagedReport }>> {
    const result = await run(adminApi.updateReport(report.id, patch));
    if (result.ok) {
      update(() => result.data);
      setErrors({});
      const fresh = assessmentDraftOf(result.data.report);
      // What was sent is now what is saved; anything else typed stays as typed.
      setDraft((current) => {
        const next = { ...current };
        for (const field of Object.keys(patch) as (keyof TriagePatch)[]) {
          if (field !== "status") (next as Record<string, unknown>)[field] = fresh[field];
        }
        return next;
      });
    } else if (result.fields) {
      setErrors(result.fields as Partial<Record<keyof TriagePatch, string>>);
    }
    return result;
  }

  async function changeStatus(status: ReportStatus) {
    setSavingStatus(true);
    // "Duplicate" needs the earlier report: a reference typed but not saved yet goes with it.
    const duplicate = draft.duplicate_of.trim();
    const patch: TriagePatch = status === "duplicate" && duplicate && duplicate !== saved.duplicate_of ? { status, duplicate_of: duplicate } : { status };
    const result = await send(patch);
    setSavingStatus(false);
    if (!result.ok) {
      if (result.status !== 401) toast.error(triageCopy.statusFailed, { description: result.error });
      return;
    }
    const updated = result.data.report;
    toast.success(triageCopy.statusUpdated, { description: `${updated.reference}: ${REPORT_STATUS_LABELS[updated.status]}` });
  }

  return (
    <article className="mt-6">
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-mono tracking-wider text-slate-600">{report.reference}</span>
        {/* The current status in words, beside the reference (the select below changes it). */}
        <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300">
          {REPORT_STATUS_LABELS[report.status]}
        </span>
      </p>
      <h1 className="mt-1 text-3xl font-bold break-words text-slate-900">{report.vulnerability_title}</h1>
      {report.awaiting_team ? (
        <p className="mt-3">
          <NewReplyBadge label={triageCopy.reporterWrote} className="" />
          <span className="sr-only"> {triageCopy.reporterWroteHint}</span>
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end gap-6">
        <div>
          <label htmlFor="status" className="block text-sm font-medium text-slate-800">
            {triageCopy.statusLabel}
          </label>
          <select
            id="status"
            value={report.status}
            disabled={savingStatus}
            onChange={(event) => void changeStatus(event.target.value as ReportStatus)}
            className="mt-1 min-h-11 rounded-lg border border-slate-500 bg-white px-3 py-2"
          >
            {TEAM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REPORT_STATUS_LABELS[status]}
              </option>
            ))}
            {/* The reporter's own act: shown when it is the status, never offered. */}
            {report.status === "withdrawn" ? (
              <option value="withdrawn" disabled>
                {REPORT_STATUS_LABELS.withdrawn}
              </option>
            ) : null}
          </select>
        </div>
        <p className="text-sm text-slate-600">
          {triageCopy.received}: <AdminTime iso={report.created_at} />
          <br />
          {triageCopy.updated}: <AdminTime iso={report.updated_at} />
        </p>
      </div>

      <Credit report={report} />

      <AssessmentForm report={report} draft={draft} setDraft={setDraft} saved={saved} errors={errors} send={send} />

      <Deadlines report={report} />

      <dl className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        <DetailRow label={triageCopy.reference} value={report.reference} />
        <DetailRow label={reportFieldCopy.vulnerability_title.label} value={report.vulnerability_title} />
        {DETAIL_FIELDS.map((field) => (
          <DetailRow key={field} label={reportFieldCopy[field].label} value={report[field]} />
        ))}
      </dl>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">{triageCopy.attachments}</h2>
      {report.attachments.length === 0 ? (
        <p className="mt-3 text-slate-600">{triageCopy.noAttachments}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {report.attachments.map((attachment) => (
            <AttachmentRow key={attachment.id} reportId={report.id} attachment={attachment} />
          ))}
        </ul>
      )}

      <Conversation report={report} update={update} />
    </article>
  );
}

/** How the reporter chose to be thanked on the acknowledgments page. */
function Credit({ report }: { report: TriagedReport }) {
  const copy = triageCopy.credit;
  return (
    <section aria-labelledby="credit" className="mt-8">
      <h2 id="credit" className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-2 text-slate-800">
        {report.credit === "named" ? (
          <>
            {copy.named} <strong className="break-words">{report.credit_name}</strong>
            {report.credit_url ? (
              <>
                {" "}
                (
                <a href={report.credit_url} rel="noopener noreferrer nofollow" target="_blank" className="break-all text-indigo-700 underline">
                  {report.credit_url}
                </a>
                )
              </>
            ) : null}
          </>
        ) : report.credit === "anonymous" ? (
          copy.anonymous
        ) : (
          copy.notChosen
        )}
      </p>
    </section>
  );
}

function AssessmentForm({
  report,
  draft,
  setDraft,
  saved,
  errors,
  send,
}: {
  report: TriagedReport;
  draft: AssessmentDraft;
  setDraft: (change: (current: AssessmentDraft) => AssessmentDraft) => void;
  saved: AssessmentDraft;
  errors: Partial<Record<keyof TriagePatch, string>>;
  send: (patch: TriagePatch) => Promise<AdminApiResult<{ report: TriagedReport }>>;
}) {
  const copy = triageCopy.assessment;
  const id = useId();
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof AssessmentDraft>(field: K, value: AssessmentDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const patch = assessmentPatch(saved, draft);
    if (Object.keys(patch).length === 0) {
      toast.info(copy.nothingChanged);
      return;
    }
    setSaving(true);
    const result = await send(patch);
    setSaving(false);
    if (result.ok) toast.success(copy.saved);
    else if (result.status !== 401) toast.error(copy.saveFailed, { description: result.error });
  }

  const described = (field: string, hint: boolean) =>
    [hint ? `${id}-${field}-hint` : "", errors[field as keyof TriagePatch] ? `${id}-${field}-error` : ""].filter(Boolean).join(" ") || undefined;
  const error = (field: keyof TriagePatch) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700 [overflow-wrap:anywhere]">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <form noValidate onSubmit={(event) => void save(event)} className="mt-4 grid gap-5">
        <div>
          <label htmlFor={`${id}-severity`} className="block text-sm font-medium text-slate-800">
            {copy.severity}
          </label>
          <select
            id={`${id}-severity`}
            value={draft.assessed_severity}
            onChange={(event) => set("assessed_severity", event.target.value)}
            aria-invalid={errors.assessed_severity ? true : undefined}
            aria-describedby={described("assessed_severity", true)}
            className={`${fieldClass} max-w-xs border-slate-500`}
          >
            <option value="">{triageCopy.notAssessed}</option>
            {SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {severity}
              </option>
            ))}
          </select>
          <p id={`${id}-assessed_severity-hint`} className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            {copy.reporterSeverity(report.severity)} <SeverityBadge severity={report.severity} />
          </p>
          {error("assessed_severity")}
        </div>

        <div>
          <label htmlFor={`${id}-cvss`} className="block text-sm font-medium text-slate-800">
            {copy.cvss}
          </label>
          <input
            id={`${id}-cvss`}
            type="text"
            value={draft.cvss_vector}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => set("cvss_vector", event.target.value)}
            aria-invalid={errors.cvss_vector ? true : undefined}
            aria-describedby={described("cvss_vector", true)}
            className={`${fieldClass} font-mono ${errors.cvss_vector ? "border-red-700" : "border-slate-500"}`}
          />
          <p id={`${id}-cvss_vector-hint`} className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
            {report.cvss_score === null ? copy.cvssHint : <strong className="text-slate-900">{copy.cvssScore(report.cvss_score, cvssRating(report.cvss_score))}</strong>}
          </p>
          {error("cvss_vector")}
        </div>

        <div>
          <label htmlFor={`${id}-duplicate`} className="block text-sm font-medium text-slate-800">
            {copy.duplicateOf}
          </label>
          <input
            id={`${id}-duplicate`}
            type="text"
            value={draft.duplicate_of}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => set("duplicate_of", event.target.value)}
            aria-invalid={errors.duplicate_of ? true : undefined}
            aria-describedby={described("duplicate_of", true)}
            className={`${fieldClass} max-w-xs font-mono ${errors.duplicate_of ? "border-red-700" : "border-slate-500"}`}
          />
          <p id={`${id}-duplicate_of-hint`} className="mt-1 text-sm text-slate-600">
            {copy.duplicateHint}
          </p>
          {error("duplicate_of")}
          <DuplicateLinks report={report} />
        </div>

        <div className="flex items-start gap-3">
          <input
            id={`${id}-publish`}
            type="checkbox"
            checked={draft.publish_title}
            onChange={(event) => set("publish_title", event.target.checked)}
            className="mt-0.5 size-5"
          />
          <label htmlFor={`${id}-publish`} className="text-sm font-medium text-slate-800">
            {copy.publishTitle}
          </label>
        </div>
        {error("publish_title")}

        <div>
          <button type="submit" disabled={saving} className={buttonClass}>
            {saving ? copy.saving : copy.save}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The report this one duplicates, and those that duplicate it, each a link to its page. */
function DuplicateLinks({ report }: { report: TriagedReport }) {
  const copy = triageCopy.assessment;
  if (!report.duplicate_of && report.duplicates.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-800">
      {report.duplicate_of && report.duplicate_of_reference ? (
        <li>
          {copy.duplicateOfLink}{" "}
          <SiteLink to={`/admin/reports/${report.duplicate_of}`} className="font-mono font-semibold text-indigo-700 hover:underline">
            {report.duplicate_of_reference}
          </SiteLink>
        </li>
      ) : null}
      {report.duplicates.length > 0 ? (
        <li>
          {copy.duplicates}{" "}
          {report.duplicates.map((other, index) => (
            <span key={other.id}>
              {index > 0 ? ", " : null}
              <SiteLink to={`/admin/reports/${other.id}`} className="font-mono font-semibold text-indigo-700 hover:underline">
                {other.reference}
              </SiteLink>
            </span>
          ))}
        </li>
      ) : null}
    </ul>
  );
}

const STEP_DONE: Record<DeadlineStep, "acknowledged_at" | "assessed_at" | "resolved_at"> = {
  acknowledge: "acknowledged_at",
  assess: "assessed_at",
  resolve: "resolved_at",
};
const STEP_DUE: Record<DeadlineStep, "acknowledge_by" | "assess_by" | "resolve_by"> = {
  acknowledge: "acknowledge_by",
  assess: "assess_by",
  resolve: "resolve_by",
};

/** Each step's due day, and whether it was done (when) or is late. */
function Deadlines({ report }: { report: TriagedReport }) {
  const copy = triageCopy.deadlines;
  return (
    <section aria-labelledby="deadlines" className="mt-8">
      <h2 id="deadlines" className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <dl className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {(["acknowledge", "assess", "resolve"] as const).map((step) => {
          const done = report[STEP_DONE[step]];
          return (
            <div key={step} className="grid gap-1 px-5 py-3 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-slate-600">{copy.steps[step]}</dt>
              <dd className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-900 sm:col-span-2">
                <span>{formatDueDay(report.due[STEP_DUE[step]])}</span>
                {done ? (
                  <span className="text-sm text-green-800">
                    <span aria-hidden="true">✓ </span>
                    {copy.done(formatDueDay(done.slice(0, 10)))}
                  </span>
                ) : (
                  <span className="text-sm text-slate-600">{copy.open}</span>
                )}
                {report.overdue.includes(step) ? <OverdueBadge className="" /> : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The timeline (status changes and messages of both sides), and the team's message to the reporter. */
function Conversation({ report, update }: { report: TriagedReport; update: Update }) {
  const copy = triageCopy.conversation;
  const run = useAdminCall();
  const id = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);

  async function sendMessage(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const result = await run(adminApi.sendReportMessage(report.id, text));
    setSending(false);
    if (!result.ok) {
      if (result.status !== 401) toast.error(copy.sendFailed, { description: result.error });
      return;
    }
    update(() => result.data);
    setText("");
    toast.success(copy.sent);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      {report.events.length === 0 ? (
        <p className="mt-3 text-slate-600">{copy.empty}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {report.events.map((event) => (
            <TimelineEvent key={event.id} reportId={report.id} event={event} />
          ))}
        </ol>
      )}

      <form noValidate onSubmit={(event) => void sendMessage(event)} className="mt-6">
        <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-800">
          {copy.messageLabel}
        </label>
        <textarea
          id={`${id}-message`}
          value={text}
          rows={5}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-message-hint`}
          className="mt-1 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900"
        />
        <p id={`${id}-message-hint`} className="mt-1 text-sm text-slate-600">
          {copy.messageHint}
        </p>
        <button type="submit" disabled={sending} className={`${buttonClass} mt-3`}>
          {sending ? copy.sending : copy.send}
        </button>
      </form>
    </section>
  );
}

function TimelineEvent({ reportId, event }: { reportId: string; event: CaseEvent }) {
  const copy = triageCopy.conversation;
  if (event.kind === "status") {
    return (
      <li className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-800">
        <strong>{copy.statusChanged(event.label)}</strong> {copy.by(event.author)} · <AdminTime iso={event.at} />
      </li>
    );
  }
  const fromTeam = event.author === "team";
  return (
    <li className={`rounded-xl border px-4 py-3 ${fromTeam ? "border-indigo-200 bg-indigo-50" : "border-slate-200 bg-white"}`}>
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{fromTeam ? copy.team : copy.reporter}</strong> · <AdminTime iso={event.at} />
      </p>
      <div className="mt-2">
        <MessageText text={event.body} />
      </div>
      {event.files.length > 0 ? (
        <ul aria-label={copy.files} className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {event.files.map((file) => (
            <AttachmentRow key={file.id} reportId={reportId} attachment={file} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 whitespace-pre-wrap break-words sm:col-span-2">{value || triageCopy.none}</dd>
    </div>
  );
}

type FileInfo = { id: string; filename: string; content_type: string; size: number; sha256?: string };

/** Downloads with the bearer token (see saveFile), under the stored, cleaned file name. */
function AttachmentRow({ reportId, attachment }: { reportId: string; attachment: FileInfo }) {
  const run = useAdminCall();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    const result = await run(adminApi.downloadAttachment(reportId, attachment.id));
    setBusy(false);
    if (!result.ok) {
      if (result.status !== 401) toast.error(triageCopy.downloadFailed);
      return;
    }
    saveFile(result.data, attachment.filename);
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-4 px-5 py-4">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">{attachment.filename}</p>
        <p className="text-sm text-slate-600">
          {attachment.content_type} · {formatBytes(attachment.size)}
        </p>
        {attachment.sha256 ? <p className="font-mono text-xs break-all text-slate-500">SHA-256 {attachment.sha256}</p> : null}
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => void download()}
        aria-label={triageCopy.downloadName(attachment.filename)}
        className="rounded-lg border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
      >
        {triageCopy.download}
      </button>
    </li>
  );
}
