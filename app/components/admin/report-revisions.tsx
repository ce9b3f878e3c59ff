import { CORRECTABLE_FIELDS, correctionTexts, type ReportRevision } from "../../../domain/report-correction";
import { reportFieldCopy } from "../../content/security-submit";
import { AdminTime } from "./admin-panels";

/**
 * The reporter's corrections before triage (docs/decisions/190), oldest first: each changed
 * field before and after, as text. Nothing when the report was never corrected.
 */
export function ReportRevisions({ revisions }: { revisions: ReportRevision[] }) {
  if (revisions.length === 0) return null;
  return (
    <section aria-labelledby="report-revisions-title" className="mt-10">
      <h2 id="report-revisions-title" className="text-xl font-semibold text-slate-900">
        {correctionTexts.revisionsTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{correctionTexts.revisionsLead}</p>
      <ol className="mt-4 space-y-4">
        {revisions.map((revision) => (
          <li key={revision.id} className="rounded-xl border border-amber-200 bg-amber-50 p-4">
            <p className="text-sm font-semibold text-slate-800">
              <AdminTime iso={revision.at} />
            </p>
            {CORRECTABLE_FIELDS.filter((field) => revision.changes[field]).map((field) => (
              <div key={field} className="mt-3">
                <h3 className="text-sm font-semibold text-slate-900">{reportFieldCopy[field].label}</h3>
                <dl className="mt-1 grid gap-2 sm:grid-cols-2">
                  <div className="min-w-0">
                    <dt className="text-xs font-medium text-slate-600 uppercase">{correctionTexts.before}</dt>
                    <dd className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">{revision.changes[field]!.before}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs font-medium text-slate-600 uppercase">{correctionTexts.after}</dt>
                    <dd className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-900">{revision.changes[field]!.after}</dd>
                  </div>
                </dl>
              </div>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
