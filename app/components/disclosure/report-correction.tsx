import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { CaseView } from "../../../domain/disclosure-case";
import { CORRECTABLE_FIELDS, correctionTexts, type CorrectableField } from "../../../domain/report-correction";
import { reportFieldCopy, securitySubmitCopy } from "../../content/security-submit";
import { FormAlert } from "../ui/form-messages";
import { LabelledField } from "../ui/labelled-field";
import { callCaseApi, type ApiFailure } from "./case-request";

type Values = Record<CorrectableField, string>;

function valuesOf(view: CaseView): Values {
  return { description: view.description, reproduction_steps: view.reproduction_steps, impact: view.impact };
}

/**
 * The reporter's correction before triage (docs/decisions/190): the three fields under the report
 * form's labels, the description with its counter, checked by the server with the form's schema
 * (the page loads no validation library). A refusal keeps what was typed, so it can go into a
 * message instead.
 */
export function ReportCorrection({ view, api, descriptionMin }: { view: CaseView; api: string; descriptionMin: number }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(view));
  const [failure, setFailure] = useState<ApiFailure>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string>();

  function open() {
    setValues(valuesOf(view));
    setFailure(undefined);
    setSaved(undefined);
    setEditing(true);
  }

  // Focus moves to the description in the commit that opens the form, not a frame later, where it
  // would take the caret from a field the person already went on to.
  useEffect(() => {
    if (editing) document.getElementById("description")?.focus();
  }, [editing]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await callCaseApi<{ changed?: string[] }>(api, { method: "PATCH", body: values });
    setBusy(false);
    setFailure(result.ok ? undefined : result);
    if (!result.ok) {
      const first = CORRECTABLE_FIELDS.find((field) => result.fields?.[field]);
      if (first) document.getElementById(first)?.focus();
      return;
    }
    setEditing(false);
    setSaved(result.data?.changed?.length ? correctionTexts.saved : correctionTexts.unchanged);
    await revalidator.revalidate();
  }

  if (!editing) {
    return (
      <div className="mt-6 space-y-3">
        {saved ? (
          <p role="status" className="text-sm text-emerald-800">
            {saved}
          </p>
        ) : null}
        {view.correctable ? (
          <button type="button" onClick={open} className="rounded-lg border border-indigo-700 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50">
            {correctionTexts.open}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="correction-title" className="mt-6 space-y-4 border-t border-slate-200 pt-6">
      <h3 id="correction-title" className="text-base font-semibold text-slate-900">
        {correctionTexts.title}
      </h3>
      <p className="text-sm text-slate-700">{correctionTexts.lead}</p>
      <FormAlert error={failure && !failure.fields ? failure.error : undefined} />
      {CORRECTABLE_FIELDS.map((field) => (
        <LabelledField
          key={field}
          id={field}
          label={reportFieldCopy[field].label}
          hint={field === "description" ? securitySubmitCopy.characterCount(values[field].trim().length, descriptionMin) : undefined}
          error={failure?.fields?.[field]}
        >
          {(control) => (
            <textarea
              {...control}
              value={values[field]}
              disabled={busy}
              aria-required
              rows={field === "description" ? 7 : 5}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              className="mt-1 w-full rounded-lg border border-slate-500 px-3 py-2 text-slate-900 disabled:bg-slate-100 aria-[invalid=true]:border-red-600"
            />
          )}
        </LabelledField>
      ))}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60">
          {busy ? correctionTexts.saving : correctionTexts.save}
        </button>
        <button type="button" onClick={() => setEditing(false)} className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-700">
          {correctionTexts.cancel}
        </button>
      </div>
    </form>
  );
}
