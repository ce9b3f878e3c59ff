import { useState } from "react";
import { useParams } from "react-router";
import { toast } from "sonner";
import { formatBytes } from "../../domain/report-attachments";
import {
  REPORT_FIELDS,
  REPORT_STATUSES,
  reportMessages,
  REPORT_STATUS_LABELS,
  type ReportAttachmentInfo,
  type ReportStatus,
} from "../../domain/vulnerability-report";
import { AdminTime, BackToAdmin, QueryStatus } from "../components/admin/admin-panels";
import { adminPageMeta } from "../content/admin-page-meta";
import { reportFieldCopy } from "../content/security-submit";
import { triageCopy } from "../content/triage";
import { adminApi } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
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

export default function ReportView() {
  const { id = "" } = useParams();
  const run = useAdminCall();
  const { query, update } = useAdminQuery(`report:${id}`, () => adminApi.getReport(id));
  const [savingStatus, setSavingStatus] = useState(false);
  const report = query.status === "ready" ? query.data.report : undefined;
  usePrerenderReady(report?.id);

  async function changeStatus(status: ReportStatus) {
    setSavingStatus(true);
    const result = await run(adminApi.setReportStatus(id, status));
    setSavingStatus(false);
    if (!result.ok) {
      if (result.status !== 401) toast.error(triageCopy.statusFailed);
      return;
    }
    const updated = result.data.report;
    update(() => result.data);
    toast.success(triageCopy.statusUpdated, { description: `${updated.reference}: ${REPORT_STATUS_LABELS[updated.status]}` });
  }

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
      {report ? (
        <article className="mt-6">
          <p className="font-mono text-sm tracking-wider text-slate-600">{report.reference}</p>
          <h1 className="mt-1 text-3xl font-bold break-words text-slate-900">{report.vulnerability_title}</h1>
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
                className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
              >
                {REPORT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {REPORT_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <p className="text-sm text-slate-600">
              {triageCopy.received}: <AdminTime iso={report.created_at} />
              <br />
              {triageCopy.updated}: <AdminTime iso={report.updated_at} />
            </p>
          </div>

          <dl className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
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
        </article>
      ) : null}
    </div>
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

/** Downloads with the bearer token (see saveFile), under the stored, cleaned file name. */
function AttachmentRow({ reportId, attachment }: { reportId: string; attachment: ReportAttachmentInfo }) {
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
        <p className="font-mono text-xs break-all text-slate-500">SHA-256 {attachment.sha256}</p>
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
