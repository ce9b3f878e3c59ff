import { awaitingTeamText, caseTexts, dayInWords, SENT_REPORT_FIELDS, type CaseView } from "../../../domain/disclosure-case";
import { optionLabels, reportFieldCopy } from "../../content/security-submit";
import { correctionTexts } from "../../../domain/report-correction";
import { formatAdminDate } from "../../lib/dates";
import { CaseFiles } from "./case-files";
import { CasePanel } from "./case-panel";
import { ReportCorrection } from "./report-correction";

const LONG_FIELDS: ReadonlySet<string> = new Set(["description", "reproduction_steps", "impact"]);

/**
 * The report as the reporter sent it, under the form's own labels, with the files sent with it
 * (downloaded through the case link). Text only: never rendered as HTML.
 */
export function SentReport({ view, api, descriptionMin }: { view: CaseView; api: string; descriptionMin: number }) {
  return (
    <CasePanel id="sent-report-title" title={caseTexts.reportTitle}>
      <dl className="mt-4 space-y-4">
        {SENT_REPORT_FIELDS.map((field) => (
          <div key={field}>
            <dt className="text-sm font-medium text-slate-600">{reportFieldCopy[field].label}</dt>
            <dd className={`mt-1 break-words text-slate-900 ${LONG_FIELDS.has(field) ? "whitespace-pre-wrap" : ""}`} data-report-field={field}>
              {optionLabels[view[field]] ?? (view[field] || <span className="text-slate-600">{caseTexts.notGiven}</span>)}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-base font-semibold text-slate-900">{caseTexts.attachmentsTitle}</h3>
      {view.attachments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{caseTexts.noAttachments}</p>
      ) : (
        <CaseFiles files={view.attachments} api={api} className="mt-2" />
      )}
      {view.correctedAt ? <p className="mt-4 text-sm text-slate-600">{correctionTexts.corrected(formatAdminDate(view.correctedAt))}</p> : null}
      <ReportCorrection view={view} api={api} descriptionMin={descriptionMin} />
    </CasePanel>
  );
}

/** "What happens next", in one line: our next step and its day, the team reviewing a reply, or the paused clock. */
export function NextStep({ view }: { view: CaseView }) {
  let text: string | undefined;
  // A reply after closing is reviewed too (docs/decisions/212): awaitingTeam holds for such a report.
  if (view.awaitingTeam) text = awaitingTeamText(view);
  else if (!view.closed && view.status === "needs_more_info") text = caseTexts.waitingForYou;
  if (!view.closed && view.nextStep) text = [text, caseTexts.nextStep(view.nextStep.step, dayInWords(view.nextStep.by))].filter(Boolean).join(" ");
  if (!text) return null;
  return (
    <p className="rounded-lg bg-indigo-50 px-4 py-3 text-indigo-950" data-next-step>
      {text}
    </p>
  );
}
