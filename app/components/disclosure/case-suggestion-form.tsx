import { useState } from "react";
import { assessmentTexts, type CvssSuggestion } from "../../../domain/case-assessment";
import type { CaseView } from "../../../domain/disclosure-case";
import { scoreWords } from "../../../domain/cvss-rating";
import { CvssCalculator } from "../cvss/cvss-calculator";
import { FormAlert } from "../ui/form-messages";
import { LabelledField } from "../ui/labelled-field";
import { callCaseApi, type ApiFailure } from "./case-request";

// The calculator reports its live score; the reporter's form needs none of it.
const ignoreScore = () => {};

/**
 * The reporter's suggested vector (docs/decisions/214): typed or pasted, or chosen metric by
 * metric in the calculator the team uses, scored as it changes and again by the server.
 */
export function CaseSuggestionForm({ api, onSuggested }: { api: string; onSuggested: (view: CaseView) => void }) {
  const [vector, setVector] = useState("");
  const [failure, setFailure] = useState<ApiFailure>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(undefined);
    setBusy(true);
    const result = await callCaseApi<{ suggestion: CvssSuggestion; case: CaseView }>(`${api}/suggestions`, { method: "POST", body: { cvss_vector: vector } });
    setBusy(false);
    if (!result.ok) return setFailure(result);
    setFailure(undefined);
    setSent(assessmentTexts.sent(scoreWords(result.data.suggestion.cvss_score)));
    onSuggested(result.data.case);
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <p className="text-slate-700">{assessmentTexts.suggestLead}</p>
      <FormAlert error={failure && !failure.fields ? failure.error : undefined} />
      {/* The refusal quotes a whole vector: it wraps anywhere rather than widen a phone's page. */}
      <LabelledField id="suggested-vector" label={assessmentTexts.vectorLabel} error={failure?.fields?.cvss_vector} className="[overflow-wrap:anywhere]">
        {(control) => (
          <input
            {...control}
            type="text"
            value={vector}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setVector(event.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono"
          />
        )}
      </LabelledField>
      <CvssCalculator vector={vector} onChange={setVector} onScore={ignoreScore} />
      <button type="submit" disabled={busy} className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60">
        {busy ? assessmentTexts.sending : assessmentTexts.send}
      </button>
      <div role="status">{sent ? <p className="text-sm text-emerald-800">{sent}</p> : null}</div>
    </form>
  );
}
