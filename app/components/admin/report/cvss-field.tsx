import { lazy, Suspense } from "react";
import { cvssRating } from "../../../../domain/cvss-rating";
import { missingCvssPrefixes, withCvssPrefix } from "../../../../domain/cvss-vector";
import { triageCopy } from "../../../content/triage";
import type { TriagedReport } from "../../../lib/admin/client";
import { LabelledField } from "../../ui/labelled-field";

const copy = triageCopy.assessment;

function CalculatorUnavailable() {
  return <p className="text-sm text-slate-600">{triageCopy.calculator.loadFailed}</p>;
}

// The calculator and its library are fetched with a report's page only, not with the admin's other screens.
const CvssCalculator = lazy(() =>
  import("../../cvss/cvss-calculator").then((module) => ({ default: module.CvssCalculator })).catch(() => ({ default: CalculatorUnavailable })),
);

/**
 * The CVSS vector as text (typed or pasted; a missing version prefix is offered), the saved
 * score, and the calculator that edits the same text (docs/decisions/195).
 */
export function CvssField({
  id,
  report,
  value,
  error,
  className,
  onChange,
  onScore,
}: {
  id: string;
  report: TriagedReport;
  value: string;
  error: string | undefined;
  className: string;
  onChange: (vector: string) => void;
  onScore: (score: number | null) => void;
}) {
  const prefixes = missingCvssPrefixes(value);
  return (
    <div>
      <LabelledField
        id={id}
        label={copy.cvss}
        error={error}
        hint={report.cvss_score === null ? copy.cvssHint : <strong className="text-slate-900">{copy.cvssScore(report.cvss_score, cvssRating(report.cvss_score))}</strong>}
        hintClassName="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]"
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={value}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => onChange(event.target.value)}
            className={className}
          />
        )}
      </LabelledField>
      {/* Always in the page, so the offer is announced as it appears. */}
      <div role="status">
        {prefixes.length > 0 ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <span>{copy.prefixMissing}</span>
            {prefixes.map((prefix) => (
              <button
                key={prefix}
                type="button"
                onClick={() => onChange(withCvssPrefix(value, prefix))}
                className="min-h-9 rounded-lg border border-amber-800 bg-white px-3 font-mono font-semibold text-amber-950 hover:bg-amber-100"
              >
                {copy.addPrefix(prefix)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className="mt-4">
        <Suspense fallback={<p className="text-sm text-slate-600">{triageCopy.calculator.loading}</p>}>
          <CvssCalculator vector={value} onChange={onChange} onScore={onScore} />
        </Suspense>
      </div>
    </div>
  );
}
