import { useState } from "react";
import { FORM_FIELD_TYPES } from "../../../../domain/form-entries";
import { FIELD_TYPE_LABELS, formDefinitionSchema, formMessages, formProblems, type FormSummary } from "../../../../domain/forms";
import { formsScreenCopy as copy } from "../../../content/admin-forms";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { FormAlert } from "../../ui/form-messages";
import { LabelledField } from "../../ui/labelled-field";
import { AdminButton, adminInputClass, fieldLabelClass } from "../admin-form";
import { changeField, definitionOf, emptyField, moved, type DraftField, type FormDraft } from "./form-draft";

const inputLook = (invalid: boolean) => `${adminInputClass} ${invalid ? "border-red-600" : "border-slate-300"}`;
const smallButton = "rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Builds a new form or changes one (docs/decisions/220): its name, its fields (added, removed and
 * moved), its button label and thank-you text. Checked here by the server's schema; the server's
 * 400 puts each problem beside its field all the same.
 */
export function FormBuilder({ id, initial, onSaved, onCancel }: { id?: string; initial: FormDraft; onSaved: (form: FormSummary) => void; onCancel: () => void }) {
  const run = useAdminCall();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<FormDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setFields = (change: (fields: DraftField[]) => DraftField[]) => setDraft((current) => ({ ...current, fields: change(current.fields) }));

  function showProblems(found: Record<string, string>) {
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(inputId(first))?.focus();
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const definition = definitionOf(draft);
    const checked = formDefinitionSchema.safeParse(definition);
    if (!checked.success) return showProblems(formProblems(checked.error));
    setSaving(true);
    const result = await run(id ? adminApi.updateForm(id, checked.data) : adminApi.createForm(checked.data));
    setSaving(false);
    if (result.ok) return onSaved(result.data);
    showProblems(result.fields ?? { form: result.error ?? copy.failed });
  }

  const problemCount = Object.keys(problems).length;
  return (
    <form onSubmit={save} noValidate className="mt-6 grid gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <FormAlert error={problemCount ? (problems.form ?? formMessages.invalid) : undefined} />
      <TextInput id={inputId("name")} label={copy.name} value={draft.name} error={problems.name} onChange={(name) => set({ name })} />
      <fieldset className="grid min-w-0 gap-4">
        <legend className="text-lg font-bold text-slate-900">{copy.fieldsHeading}</legend>
        <FormAlert error={problems.fields} />
        {draft.fields.map((field, index) => (
          <FieldEditor
            key={field.key}
            field={field}
            index={index}
            count={draft.fields.length}
            problems={problems}
            onChange={(change) => setFields((fields) => fields.map((each) => (each.key === field.key ? changeField(each, change) : each)))}
            onMove={(by) => setFields((fields) => moved(fields, index, by))}
            onRemove={() => setFields((fields) => fields.filter((each) => each.key !== field.key))}
          />
        ))}
        <div>
          <AdminButton variant="outline" onClick={() => setFields((fields) => [...fields, emptyField()])}>
            {copy.addField}
          </AdminButton>
        </div>
      </fieldset>
      <TextInput id={inputId("submit_label")} label={copy.submitLabel} value={draft.submit_label} error={problems.submit_label} onChange={(submit_label) => set({ submit_label })} />
      <LabelledField id={inputId("success_message")} label={copy.successMessage} error={problems.success_message} labelClassName={fieldLabelClass}>
        {(props) => (
          <textarea {...props} rows={3} value={draft.success_message} onChange={(event) => set({ success_message: event.target.value })} className={inputLook(Boolean(problems.success_message))} />
        )}
      </LabelledField>
      <div className="flex flex-wrap gap-3">
        <AdminButton variant="primary" type="submit" disabled={saving} aria-busy={saving}>
          {saving ? copy.saving : copy.save}
        </AdminButton>
        <AdminButton variant="secondary" onClick={onCancel}>
          {copy.cancel}
        </AdminButton>
      </div>
    </form>
  );
}

/** The element id of the input a problem's path names ("fields.0.label"). */
function inputId(path: string): string {
  return `form-builder-${path.replaceAll(".", "-")}`;
}

function TextInput({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <LabelledField id={id} label={label} error={error} labelClassName={fieldLabelClass}>
      {(props) => <input {...props} type="text" value={value} onChange={(event) => onChange(event.target.value)} className={inputLook(Boolean(error))} />}
    </LabelledField>
  );
}

/** One field of the form: its label, name, type, whether it is required, a select's options, and its moves. */
function FieldEditor({
  field,
  index,
  count,
  problems,
  onChange,
  onMove,
  onRemove,
}: {
  field: DraftField;
  index: number;
  count: number;
  problems: Record<string, string>;
  onChange: (change: Partial<DraftField>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const path = (part: string) => `fields.${index}.${part}`;
  const legend = copy.field(index + 1);
  const named = field.label || legend;
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <TextInput id={inputId(path("label"))} label={copy.fieldLabel} value={field.label} error={problems[path("label")]} onChange={(label) => onChange({ label })} />
      <TextInput id={inputId(path("name"))} label={copy.fieldName} value={field.name} error={problems[path("name")]} onChange={(name) => onChange({ name })} />
      <LabelledField id={inputId(path("type"))} label={copy.fieldType} error={problems[path("type")]} labelClassName={fieldLabelClass}>
        {(props) => (
          <select {...props} value={field.type} onChange={(event) => onChange({ type: event.target.value as DraftField["type"] })} className={inputLook(Boolean(problems[path("type")]))}>
            {FORM_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {FIELD_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <label className="flex items-center gap-3 self-end pb-2 text-sm text-slate-700">
        <input type="checkbox" checked={field.required} onChange={(event) => onChange({ required: event.target.checked })} className="h-4 w-4 rounded border-slate-300" />
        {copy.fieldRequired}
      </label>
      {field.type === "select" ? (
        <LabelledField id={inputId(path("options"))} label={copy.fieldOptions} error={problems[path("options")]} labelClassName={fieldLabelClass} className="sm:col-span-2">
          {(props) => (
            <textarea {...props} rows={3} value={field.options} onChange={(event) => onChange({ options: event.target.value })} className={inputLook(Boolean(problems[path("options")]))} />
          )}
        </LabelledField>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="button" className={smallButton} disabled={index === 0} onClick={() => onMove(-1)} aria-label={copy.moveUp(named)}>
          ↑
        </button>
        <button type="button" className={smallButton} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={copy.moveDown(named)}>
          ↓
        </button>
        <button type="button" className={smallButton} disabled={count === 1} onClick={onRemove}>
          {copy.removeField(named)}
        </button>
      </div>
    </fieldset>
  );
}
