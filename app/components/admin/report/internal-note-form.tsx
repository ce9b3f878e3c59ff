import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { triageCopy } from "../../../content/triage";
import { adminApi, type TriagedReport } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { LabelledField } from "../../ui/labelled-field";
import type { ReportUpdate } from "./conversation";

/**
 * A note for the team beside the message to the reporter (docs/decisions/215): drawn like the
 * notes on the timeline (dashed, amber) and saying who reads it, so it is never taken for a reply.
 */
export function InternalNoteForm({ report, update }: { report: TriagedReport; update: ReportUpdate }) {
  const copy = triageCopy.note;
  const run = useAdminCall();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    setAdding(true);
    const result = await run(adminApi.addReportNote(report.id, text));
    setAdding(false);
    if (!result.ok) {
      // The note stays as typed, with the reason under it.
      setError(result.fields?.body ?? result.error);
      if (result.status !== 401 && !result.fields) toast.error(copy.addFailed, { description: result.error });
      return;
    }
    update(() => result.data);
    setText("");
    setError(undefined);
    toast.success(copy.added);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-amber-950">
        {copy.title}
      </h2>
      <p className="mt-1 text-sm font-medium text-amber-950">{copy.lead}</p>
      <form noValidate onSubmit={(event) => void add(event)} className="mt-3">
        <LabelledField id={`${id}-note`} label={copy.label} error={error}>
          {(control) => (
            <textarea
              {...control}
              value={text}
              rows={3}
              onChange={(event) => setText(event.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900"
            />
          )}
        </LabelledField>
        <button
          type="submit"
          disabled={adding}
          className="mt-3 min-h-11 rounded-lg border border-amber-800 bg-white px-4 font-semibold text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-800 disabled:opacity-60"
        >
          {adding ? copy.adding : copy.add}
        </button>
      </form>
    </section>
  );
}
