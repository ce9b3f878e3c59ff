import { scoreWords } from "../../../../domain/cvss-rating";
import { triageCopy } from "../../../content/triage";
import type { TriagedReport } from "../../../lib/admin/client";
import { AdminTime } from "../admin-panels";

/**
 * The reporter's latest suggested vector, scored, under the team's own (docs/decisions/214); the
 * team may take it into the vector field, to save or change like any vector typed.
 */
export function ReporterSuggestion({ report, onUse }: { report: TriagedReport; onUse: (vector: string) => void }) {
  const suggestion = report.reporter_suggestion;
  if (!suggestion) return null;
  const copy = triageCopy.suggestion;
  return (
    <div className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-slate-900" data-reporter-suggestion>
      <p className="font-semibold">
        {copy.title} · <AdminTime iso={suggestion.at} />
      </p>
      <p className="mt-1 font-mono [overflow-wrap:anywhere]">{suggestion.cvss_vector}</p>
      <p className="mt-1 font-semibold">{copy.scored(scoreWords(suggestion.cvss_score))}</p>
      <button
        type="button"
        onClick={() => onUse(suggestion.cvss_vector)}
        className="mt-2 min-h-9 rounded-lg border border-sky-800 bg-white px-3 font-semibold text-sky-900 hover:bg-sky-100"
      >
        {copy.use}
      </button>
    </div>
  );
}
