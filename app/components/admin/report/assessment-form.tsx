import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { severityScoreMismatch, type TriagePatch } from "../../../../domain/report-triage";
import { SEVERITIES } from "../../../../domain/vulnerability-report";
import { triageCopy } from "../../../content/triage";
import type { AdminApiResult, TriagedReport } from "../../../lib/admin/client";
import { assessmentPatch, type AssessmentDraft } from "../../../lib/admin/triage-view";
import { FieldError } from "../../ui/form-messages";
import { LabelledField } from "../../ui/labelled-field";
import { SiteLink } from "../../ui/site-link";
import { SeverityBadge } from "../admin-panels";
import { CvssField } from "./cvss-field";
import { ReporterSuggestion } from "./reporter-suggestion";
import { reportButtonClass } from "./report-styles";

const fieldClass = "mt-1 min-h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900";

export type TriageErrors = Partial<Record<keyof TriagePatch, string>>;

/** The team's assessment of a report: severity, CVSS vector, the report it duplicates, whether its title is published. */
export function AssessmentForm({
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
  errors: TriageErrors;
  send: (patch: TriagePatch) => Promise<AdminApiResult<{ report: TriagedReport }>>;
}) {
  const copy = triageCopy.assessment;
  const id = useId();
  const [saving, setSaving] = useState(false);
  // The score of the vector as typed, from the calculator (null until it is loaded or while the vector is incomplete).
  const [liveScore, setLiveScore] = useState<number | null>(null);
  const set = <K extends keyof AssessmentDraft>(field: K, value: AssessmentDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    await saveAssessment(assessmentPatch(saved, draft), send);
    setSaving(false);
  }

  const border = (field: keyof TriagePatch) => (errors[field] ? "border-red-700" : "border-slate-500");

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <form noValidate onSubmit={(event) => void save(event)} className="mt-4 grid gap-5">
        <LabelledField
          id={`${id}-severity`}
          label={copy.severity}
          error={errors.assessed_severity}
          hint={
            <>
              {copy.reporterSeverity(report.severity)} <SeverityBadge severity={report.severity} />
            </>
          }
          hintClassName="mt-1 flex items-center gap-2 text-sm text-slate-600"
          after={<SeverityFlag severity={draft.assessed_severity} score={draft.cvss_vector.trim() === saved.cvss_vector.trim() ? report.cvss_score : liveScore} />}
        >
          {(control) => (
            <select
              {...control}
              value={draft.assessed_severity}
              onChange={(event) => set("assessed_severity", event.target.value)}
              className={`${fieldClass} max-w-xs border-slate-500`}
            >
              <option value="">{triageCopy.notAssessed}</option>
              {SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {severity}
                </option>
              ))}
            </select>
          )}
        </LabelledField>

        <CvssField
          id={`${id}-cvss`}
          report={report}
          value={draft.cvss_vector}
          error={errors.cvss_vector}
          className={`${fieldClass} font-mono ${border("cvss_vector")}`}
          onChange={(vector) => set("cvss_vector", vector)}
          onScore={setLiveScore}
        />
        <ReporterSuggestion report={report} onUse={(vector) => set("cvss_vector", vector)} />

        <LabelledField
          id={`${id}-duplicate`}
          label={copy.duplicateOf}
          error={errors.duplicate_of}
          hint={copy.duplicateHint}
          after={<DuplicateLinks report={report} />}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              value={draft.duplicate_of}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => set("duplicate_of", event.target.value)}
              className={`${fieldClass} max-w-xs font-mono ${border("duplicate_of")}`}
            />
          )}
        </LabelledField>

        <PublishTitleField id={`${id}-publish`} checked={draft.publish_title} error={errors.publish_title} onChange={(checked) => set("publish_title", checked)} />

        <div>
          <button type="submit" disabled={saving} className={reportButtonClass}>
            {saving ? copy.saving : copy.save}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The assessed severity and the score's band disagree (docs/decisions/195): said in words, in a
 * region always present so that assistive technology announces the flag as it appears.
 */
function SeverityFlag({ severity, score }: { severity: string; score: number | null }) {
  const band = severityScoreMismatch(severity, score);
  return (
    <div role="status">
      {band && score !== null ? (
        <p className="mt-2 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
          <span aria-hidden="true">⚠</span>
          {triageCopy.assessment.mismatch(severity, score, band)}
        </p>
      ) : null}
    </div>
  );
}

/** Sends what changed in the assessment, and says how it went. */
async function saveAssessment(patch: TriagePatch, send: (patch: TriagePatch) => Promise<AdminApiResult<{ report: TriagedReport }>>) {
  const copy = triageCopy.assessment;
  if (Object.keys(patch).length === 0) {
    toast.info(copy.nothingChanged);
    return;
  }
  const result = await send(patch);
  if (result.ok) toast.success(copy.saved);
  else if (result.status !== 401) toast.error(copy.saveFailed, { description: result.error });
}

/** Whether the report's title may be shown on the acknowledgments page. */
function PublishTitleField({ id, checked, error, onChange }: { id: string; checked: boolean; error: string | undefined; onChange: (checked: boolean) => void }) {
  return (
    <>
      <div className="flex items-start gap-3">
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="mt-0.5 size-5" />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {triageCopy.assessment.publishTitle}
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </>
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
          {copy.duplicateOfLink} <ReportLink id={report.duplicate_of} reference={report.duplicate_of_reference} />
        </li>
      ) : null}
      {report.duplicates.length > 0 ? (
        <li>
          {copy.duplicates}{" "}
          {report.duplicates.map((other, index) => (
            <span key={other.id}>
              {index > 0 ? ", " : null}
              <ReportLink id={other.id} reference={other.reference} />
            </span>
          ))}
        </li>
      ) : null}
    </ul>
  );
}

function ReportLink({ id, reference }: { id: string; reference: string }) {
  return (
    <SiteLink to={`/admin/reports/${id}`} className="font-mono font-semibold text-indigo-700 hover:underline">
      {reference}
    </SiteLink>
  );
}
