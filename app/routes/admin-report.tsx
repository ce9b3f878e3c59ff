import { useState } from "react";
import { useParams } from "react-router";
import { toast } from "sonner";
import type { TriagePatch } from "../../domain/report-triage";
import { reporterHearsOf, TEAM_STATUSES } from "../../domain/report-status";
import { REPORT_FIELDS, reportMessages, REPORT_STATUS_LABELS, type ReportStatus } from "../../domain/vulnerability-report";
import { AdminTime, QueryStatus, ReportPagesNav } from "../components/admin/admin-panels";
import { AssessmentForm, type TriageErrors } from "../components/admin/report/assessment-form";
import { AssigneeForm } from "../components/admin/report/assignee-form";
import { AttachmentRow } from "../components/admin/report/attachment-row";
import { EndCaseLinks } from "../components/admin/report/end-case-links";
import { Conversation, type ReportUpdate } from "../components/admin/report/conversation";
import { InternalNoteForm } from "../components/admin/report/internal-note-form";
import { Credit, Deadlines, DetailRow } from "../components/admin/report/report-facts";
import { NewReplyBadge } from "../components/admin/triage-badges";
import { ReportRevisions } from "../components/admin/report-revisions";
import { adminPageMeta } from "../content/admin-page-meta";
import { reportFieldCopy } from "../content/security-submit";
import { triageCopy } from "../content/triage";
import { adminApi, type AdminApiResult, type TriagedReport } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { assessmentDraftOf, type AssessmentDraft } from "../lib/admin/triage-view";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/admin-report";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(siteFromMatches(matches), {
    ...adminPageMeta.report,
    path: `/admin/reports/${encodeURIComponent(params.id)}`,
  });

/** Every field of the report but its title (shown above them), in the order of the form. Shown as text, never as HTML. */
const DETAIL_FIELDS = REPORT_FIELDS.filter((field) => field !== "vulnerability_title");

export default function ReportView() {
  const { id = "" } = useParams();
  const { query, update } = useAdminQuery(`report:${id}`, () => adminApi.getReport(id));
  const report = query.status === "ready" ? query.data.report : undefined;
  usePrerenderReady(report?.id);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <ReportPagesNav />

      {query.status === "failed" && query.code === 404 ? (
        <h1 className="mt-8 text-2xl font-bold">{reportMessages.notFound}</h1>
      ) : (
        <QueryStatus query={query} loading={triageCopy.loadingOne} failed={triageCopy.loadError} />
      )}
      {report ? <ReportPage key={report.id} report={report} update={update} /> : null}
    </div>
  );
}

/**
 * The team's changes to a report: what is typed in the assessment, the fields the API refused,
 * and `send`, which saves a change and keeps whatever else was typed.
 */
function useReportChanges(report: TriagedReport, update: ReportUpdate) {
  const run = useAdminCall();
  const [draft, setDraft] = useState<AssessmentDraft>(() => assessmentDraftOf(report));
  const [errors, setErrors] = useState<TriageErrors>({});
  const saved = assessmentDraftOf(report);

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
          if (field !== "status" && field !== "assignee_id") (next as Record<string, unknown>)[field] = fresh[field];
        }
        return next;
      });
    } else if (result.fields) {
      setErrors(result.fields as TriageErrors);
    }
    return result;
  }

  return { draft, setDraft, saved, errors, send };
}

/**
 * The loaded report as a triage screen (docs/decisions/193): on a wide screen the report on the
 * left, and on the right, kept in view while the report scrolls, what the team does with it:
 * status, conversation and reply, assessment. One column on a phone, in that order after the report.
 */
function ReportPage({ report, update }: { report: TriagedReport; update: ReportUpdate }) {
  const { draft, setDraft, saved, errors, send } = useReportChanges(report, update);

  return (
    <article className="mt-6">
      <ReportHeading report={report} />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start xl:grid-cols-[minmax(0,1fr)_minmax(0,36rem)]">
        <div className="min-w-0">
          <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            <DetailRow label={triageCopy.reference} value={report.reference} />
            <DetailRow label={reportFieldCopy.vulnerability_title.label} value={report.vulnerability_title} />
            {DETAIL_FIELDS.map((field) => (
              <DetailRow key={field} label={reportFieldCopy[field].label} value={report[field]} />
            ))}
          </dl>
          <ReportRevisions revisions={report.revisions} />

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

          <Credit report={report} />
          <Deadlines report={report} />
          <EndCaseLinks reportId={report.id} />
        </div>

        {/* Its own scroll on a wide screen, so the reply box and the assessment stay beside any part of the report. */}
        <div
          role="region"
          aria-label={triageCopy.triagePanel}
          className="min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:overscroll-contain lg:rounded-xl lg:border lg:border-slate-200 lg:bg-slate-50 lg:p-4"
        >
          <div className="flex flex-wrap items-end gap-6">
            <StatusPicker report={report} duplicateTyped={draft.duplicate_of.trim()} duplicateSaved={saved.duplicate_of} send={send} />
            <p className="text-sm text-slate-600">
              {triageCopy.received}: <AdminTime iso={report.created_at} />
              <br />
              {triageCopy.updated}: <AdminTime iso={report.updated_at} />
            </p>
          </div>
          <AssigneeForm report={report} error={errors.assignee_id} send={send} />
          <Conversation report={report} update={update} />
          <InternalNoteForm report={report} update={update} />
          <AssessmentForm report={report} draft={draft} setDraft={setDraft} saved={saved} errors={errors} send={send} />
        </div>
      </div>
    </article>
  );
}

/** The reference, the status in words, the title, and whether the reporter wrote since the team answered. */
function ReportHeading({ report }: { report: TriagedReport }) {
  return (
    <header>
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-mono tracking-wider text-slate-600">{report.reference}</span>
        {/* The current status in words, beside the reference (the select changes it). */}
        <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300">
          {REPORT_STATUS_LABELS[report.status]}
        </span>
      </p>
      <h1 className="mt-1 text-3xl font-bold break-words text-slate-900">{report.vulnerability_title}</h1>
      {report.replied_after_close ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <NewReplyBadge label={triageCopy.reporterWroteAfterClose} className="" />
          {triageCopy.reporterWroteAfterCloseHint}
        </p>
      ) : report.awaiting_team ? (
        <p className="mt-3">
          <NewReplyBadge label={triageCopy.reporterWrote} className="" />
          <span className="sr-only"> {triageCopy.reporterWroteHint}</span>
        </p>
      ) : null}
    </header>
  );
}

/**
 * The report's status. A change the reporter is emailed about is asked first, naming that email
 * (docs/decisions/216); cancelling leaves the status as it was. Any other change is saved at once.
 */
function StatusPicker({
  report,
  duplicateTyped,
  duplicateSaved,
  send,
}: {
  report: TriagedReport;
  duplicateTyped: string;
  duplicateSaved: string;
  send: (patch: TriagePatch) => Promise<AdminApiResult<{ report: TriagedReport }>>;
}) {
  const [savingStatus, setSavingStatus] = useState(false);
  const [asking, setAsking] = useState<ReportStatus>();

  async function changeStatus(status: ReportStatus) {
    setAsking(undefined);
    setSavingStatus(true);
    // "Duplicate" needs the earlier report: a reference typed but not saved yet goes with it.
    const patch: TriagePatch =
      status === "duplicate" && duplicateTyped && duplicateTyped !== duplicateSaved ? { status, duplicate_of: duplicateTyped } : { status };
    const result = await send(patch);
    setSavingStatus(false);
    if (!result.ok) {
      if (result.status !== 401) toast.error(triageCopy.statusFailed, { description: result.error });
      return;
    }
    const updated = result.data.report;
    toast.success(triageCopy.statusUpdated, { description: `${updated.reference}: ${REPORT_STATUS_LABELS[updated.status]}` });
  }

  function choose(status: ReportStatus) {
    if (status === report.status) return setAsking(undefined);
    if (reporterHearsOf(status)) return setAsking(status);
    void changeStatus(status);
  }

  return (
    <div>
      <label htmlFor="status" className="block text-sm font-medium text-slate-800">
        {triageCopy.statusLabel}
      </label>
      <select
        id="status"
        value={asking ?? report.status}
        disabled={savingStatus}
        onChange={(event) => choose(event.target.value as ReportStatus)}
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
      {asking ? <StatusConfirm label={REPORT_STATUS_LABELS[asking]} onConfirm={() => void changeStatus(asking)} onCancel={() => setAsking(undefined)} /> : null}
    </div>
  );
}

/**
 * The question before a status change that emails the reporter, announced as it appears; it
 * follows the select in the tab order (focus is not moved: arrowing through the select changes it).
 */
function StatusConfirm({ label, onConfirm, onCancel }: { label: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div
      role="alert"
      className="mt-3 max-w-md rounded-lg border border-amber-300 bg-amber-50 p-3"
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
    >
      <p className="text-sm font-medium text-slate-900">{triageCopy.statusConfirm(label)}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" onClick={onConfirm} className="min-h-11 rounded-lg bg-indigo-700 px-4 text-sm font-semibold text-white hover:bg-indigo-800">
          {triageCopy.statusConfirmYes}
        </button>
        <button type="button" onClick={onCancel} className="min-h-11 rounded-lg border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100">
          {triageCopy.statusConfirmNo}
        </button>
      </div>
    </div>
  );
}
