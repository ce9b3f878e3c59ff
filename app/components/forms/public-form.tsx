import { useRef, useState } from "react";
import { SOURCE_FIELDS } from "../../../domain/analytics";
import { checkFormEntry, FORM_POST_FIELDS, formEntryMessages, PRIVACY_PATH, type FormAnswers, type FormField, type PublicForm } from "../../../domain/form-entries";
import { useVisitSource } from "../../lib/browser/use-visit-source";
import { sendFormEntry } from "../../lib/forms/send-form";
import type { FormPostState } from "../blocks/form-block-state";
import { CalloutPanel } from "../ui/callout-panel";
import { Confirmation, FieldError, FormAlert } from "../ui/form-messages";
import { LabelledField } from "../ui/labelled-field";

const inputClass = (invalid: boolean) =>
  `mt-2 block w-full rounded-lg border px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 ${
    invalid ? "border-red-600" : "border-slate-500"
  }`;

function emptyAnswers(fields: readonly FormField[]): FormAnswers {
  return Object.fromEntries(fields.map((field) => [field.name, field.type === "checkbox" || field.type === "consent" ? false : ""]));
}

/** A landing page's form in its card: its title and lead, then the form or its thank-you text. */
export function PublicFormSection({
  form,
  blockId,
  title,
  lead,
  posted,
  className,
}: {
  form: PublicForm;
  blockId: string;
  title: string;
  lead: string;
  posted?: FormPostState;
  className: string;
}) {
  const headingId = `form-${blockId}-heading`;
  return (
    <section aria-labelledby={headingId} className={`mx-auto max-w-3xl px-4 sm:px-6 ${className}`.trimEnd()}>
      <CalloutPanel tone="card" headingId={headingId} title={title} lead={lead}>
        <PublicFormBody form={form} blockId={blockId} posted={posted} />
      </CalloutPanel>
    </section>
  );
}

/**
 * The form itself. Without JavaScript it posts to the page (the hidden fields name the form and
 * block); with it, the answers are checked here by the form's own rules, then sent to the API.
 * The browser's own checks are off: the page or the server names every problem in one set of words.
 */
function PublicFormBody({ form, blockId, posted }: { form: PublicForm; blockId: string; posted?: FormPostState }) {
  const [values, setValues] = useState<FormAnswers>(() => ({ ...emptyAnswers(form.fields), ...posted?.values }));
  const [errors, setErrors] = useState<Record<string, string>>(posted?.fields ?? {});
  const [alert, setAlert] = useState(posted?.error);
  const [sent, setSent] = useState(posted?.sent === true);
  const [sending, setSending] = useState(false);
  const source = useVisitSource();
  const formRef = useRef<HTMLFormElement>(null);
  const idOf = (field: FormField) => `form-${blockId}-${field.name}`;

  function showProblems(fields: Record<string, string>, error: string | undefined) {
    setErrors(fields);
    setAlert(error);
    const first = form.fields.find((field) => fields[field.name]);
    if (first) document.getElementById(idOf(first))?.focus();
  }

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = checkFormEntry(form.fields, values);
    if (!checked.ok) return showProblems(checked.fields, formEntryMessages.failed);
    setSending(true);
    const result = await sendFormEntry(form.id, checked.answers, source);
    setSending(false);
    if (result.ok) {
      setSent(true);
      return;
    }
    // Nothing was received: what was typed stays in the form.
    showProblems(result.fields ?? {}, result.fields ? formEntryMessages.failed : (result.error ?? formEntryMessages.failed));
  }

  if (sent) {
    return (
      <Confirmation className="mt-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        <p className="whitespace-pre-line">{form.success_message}</p>
      </Confirmation>
    );
  }
  return (
    <form ref={formRef} method="post" noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
      <FormAlert error={alert} />
      {form.fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          id={idOf(field)}
          value={values[field.name]}
          error={errors[field.name]}
          onChange={(value) => {
            setValues((current) => ({ ...current, [field.name]: value }));
            setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== field.name)));
          }}
        />
      ))}
      <input type="hidden" name={FORM_POST_FIELDS.form} value={form.id} />
      <input type="hidden" name={FORM_POST_FIELDS.block} value={blockId} />
      {/* Where the visit came from (docs/decisions/142): filled once hydrated; empty without JavaScript. */}
      {SOURCE_FIELDS.map((name) => (
        <input key={name} type="hidden" name={name} value={source[name]} />
      ))}
      <button
        type="submit"
        disabled={sending}
        aria-busy={sending}
        className="inline-flex items-center justify-center rounded-lg bg-indigo-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {form.submit_label}
      </button>
    </form>
  );
}

/** One field as its type asks: a line, an address, a paragraph, a choice, a box. */
function FieldControl({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: FormField;
  id: string;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const label = field.required ? `${field.label} (required)` : field.label;
  if (field.type === "checkbox" || field.type === "consent") {
    return (
      <div>
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            name={field.name}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
            aria-required={field.required || undefined}
            className="mt-1 h-5 w-5 shrink-0 rounded border-slate-500 accent-indigo-700"
          />
          <label htmlFor={id} className="text-sm text-slate-800">
            {label}
          </label>
        </div>
        {field.type === "consent" ? (
          <a href={PRIVACY_PATH} className="ml-8 mt-1 inline-block text-sm font-semibold text-indigo-700 underline underline-offset-2">
            {formEntryMessages.privacyLink}
          </a>
        ) : null}
        <FieldError id={`${id}-error`} error={error} />
      </div>
    );
  }
  const text = typeof value === "string" ? value : "";
  const change = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.target.value);
  return (
    <LabelledField id={id} label={label} error={error} labelClassName="block text-sm font-semibold text-slate-800" errorGap="mt-2">
      {(control) => {
        const props = { ...control, name: field.name, value: text, onChange: change, "aria-required": field.required || undefined, className: inputClass(Boolean(error)) };
        if (field.type === "long_text") return <textarea {...props} rows={5} />;
        if (field.type === "select") {
          return (
            <select {...props}>
              <option value="">{formEntryMessages.chooseOption}</option>
              {(field.options ?? []).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          );
        }
        return <input {...props} type={field.type === "email" ? "email" : "text"} autoComplete={field.type === "email" ? "email" : undefined} />;
      }}
    </LabelledField>
  );
}
