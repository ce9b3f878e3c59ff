import { lazy, Suspense, useId, useState } from "react";
import { assessmentTexts } from "../../../domain/case-assessment";
import { scoreWords } from "../../../domain/cvss-rating";
import { caseTexts, dayInWords, type CaseView } from "../../../domain/disclosure-case";
import { CasePanel } from "./case-panel";

function FormUnavailable() {
  return <p className="mt-4 text-sm text-slate-700">{caseTexts.failed}</p>;
}

// The calculator and its CVSS library come only when the reporter asks for them: the case page stays light.
const CaseSuggestionForm = lazy(() =>
  import("./case-suggestion-form").then((module) => ({ default: module.CaseSuggestionForm })).catch(() => ({ default: FormUnavailable })),
);

/**
 * The team's assessment as the reporter reads it (docs/decisions/214): severity, vector, score
 * and the next deadline (paused while the team waits for the reporter), and, while the case is
 * open, "Suggest a severity", which opens the team's own calculator.
 */
export function CaseAssessmentPanel({ view, api, onSuggested }: { view: CaseView; api: string; onSuggested: (view: CaseView) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const notAssessed = <span className="text-slate-600">{assessmentTexts.notAssessed}</span>;
  return (
    <CasePanel id={`${id}-title`} title={assessmentTexts.title}>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Fact label={assessmentTexts.severity} field="assessed_severity">
          {view.assessed_severity ?? notAssessed}
        </Fact>
        <Fact label={assessmentTexts.score} field="cvss_score">
          {view.cvss_score === null ? notAssessed : scoreWords(view.cvss_score)}
        </Fact>
        <Fact label={assessmentTexts.vector} field="cvss_vector">
          {view.cvss_vector ? <span className="font-mono [overflow-wrap:anywhere]">{view.cvss_vector}</span> : notAssessed}
        </Fact>
        <Fact label={assessmentTexts.nextDeadline} field="next_deadline">
          {deadlineWords(view)}
        </Fact>
      </dl>
      {view.closed ? null : (
        <div className="mt-6">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-suggest`}
            onClick={() => setOpen(!open)}
            className="min-h-11 rounded-lg border border-indigo-700 px-4 font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {assessmentTexts.suggest}
          </button>
          <div id={`${id}-suggest`} hidden={!open}>
            {open ? (
              <Suspense fallback={<p className="mt-4 text-sm text-slate-700">{assessmentTexts.loading}</p>}>
                <CaseSuggestionForm api={api} onSuggested={onSuggested} />
              </Suspense>
            ) : null}
          </div>
        </div>
      )}
    </CasePanel>
  );
}

function Fact({ label, field, children }: { label: string; field: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900" data-assessment={field}>
        {children}
      </dd>
    </div>
  );
}

function deadlineWords(view: CaseView): string {
  const next = view.next_deadline;
  if (!next) return assessmentTexts.noDeadline;
  return next.paused ? assessmentTexts.paused(next.step) : assessmentTexts.deadline(next.step, dayInWords(next.by));
}
