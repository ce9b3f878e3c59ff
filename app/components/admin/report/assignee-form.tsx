import { useId, useState, type FormEvent } from "react";
import type { TriagePatch } from "../../../../domain/report-triage";
import { ROLE_LABELS, type Actor } from "../../../../domain/roles";
import { triageCopy } from "../../../content/triage";
import { adminApi, type AdminApiResult, type TriagedReport } from "../../../lib/admin/client";
import { useAdminQuery } from "../../../lib/admin/hooks";
import { LabelledField } from "../../ui/labelled-field";
import { reportButtonClass } from "./report-styles";

const copy = triageCopy.assignee;

/**
 * Who of the team takes the report (docs/decisions/211): chosen in a select ("Unassigned" first),
 * saved by the button, never on change, and the outcome said in a status message.
 */
export function AssigneeForm({
  report,
  error,
  send,
}: {
  report: TriagedReport;
  error: string | undefined;
  send: (patch: TriagePatch) => Promise<AdminApiResult<{ report: TriagedReport }>>;
}) {
  const id = useId();
  const { query } = useAdminQuery("report-assignees", () => adminApi.listAssignees());
  const saved = report.assignee?.id ?? "";
  const [chosen, setChosen] = useState(saved);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState("");

  const people: Actor[] = query.status === "ready" ? query.data : [];
  // Someone no longer on the list (removed, or their role changed) stays shown while assigned.
  const options = report.assignee && !people.some((person) => person.id === report.assignee!.id) ? [report.assignee, ...people] : people;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (chosen === saved) {
      setMessage(copy.nothingChanged);
      return;
    }
    setSaving(true);
    setMessage("");
    const result = await send({ assignee_id: chosen || null });
    setSaving(false);
    if (result.ok) setMessage(copy.saved(result.data.report.assignee?.name ?? null));
    else if (result.status !== 401 && !result.fields?.assignee_id) setMessage(`${copy.failed}: ${result.error}`);
  }

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="mt-6 flex flex-wrap items-end gap-3">
      <LabelledField id={`${id}-assignee`} label={copy.label} hint={copy.hint} error={error} className="min-w-0 flex-1 basis-56">
        {(control) => (
          <select
            {...control}
            value={chosen}
            disabled={query.status !== "ready"}
            onChange={(event) => setChosen(event.target.value)}
            className={`mt-1 min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 ${error ? "border-red-700" : "border-slate-500"}`}
          >
            <option value="">{copy.unassigned}</option>
            {options.map((person) => (
              <option key={person.id} value={person.id}>
                {triageCopy.conversation.person(person.name, ROLE_LABELS[person.role])}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <button type="submit" disabled={saving || query.status !== "ready"} className={reportButtonClass}>
        {saving ? copy.saving : copy.save}
      </button>
      <p role="status" className="basis-full text-sm text-slate-700">
        {query.status === "loading" ? copy.loading : query.status === "failed" ? copy.loadFailed : message}
      </p>
    </form>
  );
}
