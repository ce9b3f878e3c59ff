import type { FormField, FormFieldType, PublicForm } from "../../../../domain/form-entries";
import { FORM_LIMITS } from "../../../../domain/forms";

/**
 * The form builder's working copy (docs/decisions/220): a select's options as one text, one a
 * line, and whether a field's name still follows its label.
 */
export type DraftField = { key: string; name: string; autoName: boolean; label: string; type: FormFieldType; required: boolean; options: string };
export type FormDraft = { name: string; submit_label: string; success_message: string; fields: DraftField[] };

let nextKey = 0;
const newKey = () => `field-${(nextKey += 1)}`;

/** A field's name made from its label: lower case, words joined by `_`, starting with a letter. */
export function nameFromLabel(label: string): string {
  const words = label.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  const name = /^[a-z]/.test(words) ? words : words ? `f_${words}` : "";
  return name.slice(0, FORM_LIMITS.fieldName).replace(/_+$/, "");
}

export function emptyField(): DraftField {
  return { key: newKey(), name: "", autoName: true, label: "", type: "text", required: false, options: "" };
}

export function emptyDraft(): FormDraft {
  return { name: "", submit_label: "", success_message: "", fields: [emptyField()] };
}

export function draftOf(form: PublicForm): FormDraft {
  return {
    name: form.name,
    submit_label: form.submit_label,
    success_message: form.success_message,
    fields: form.fields.map((field) => ({ ...field, key: newKey(), autoName: false, options: (field.options ?? []).join("\n") })),
  };
}

/** What the API takes: a select's options as a list, no options for the other types. */
export function definitionOf(draft: FormDraft) {
  return {
    name: draft.name,
    submit_label: draft.submit_label,
    success_message: draft.success_message,
    fields: draft.fields.map(({ name, label, type, required, options }): FormField => {
      const field = { name, label, type, required };
      if (type !== "select") return field;
      return { ...field, options: options.split("\n").map((option) => option.trim()).filter(Boolean) };
    }),
  };
}

/** A field changed: a label names the field too until its name is typed by hand. */
export function changeField(field: DraftField, change: Partial<DraftField>): DraftField {
  const next = { ...field, ...change };
  if (change.name !== undefined) next.autoName = false;
  if (change.label !== undefined && next.autoName) next.name = nameFromLabel(change.label);
  return next;
}

/** The list with the field at `index` moved by `by` places (within the list). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
