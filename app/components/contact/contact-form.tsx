import { useRef, useState } from "react";
import { SOURCE_FIELDS } from "../../../domain/analytics";
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  EMPTY_CONTACT_FORM,
  contactFailureNotice,
  contactMessages,
  hasMissingFields,
  type ContactField,
  type ContactFormValues,
} from "../../../domain/contact-fields";
import { contactCopy } from "../../../domain/site-copy/contact";
import { replaceToast } from "../../lib/browser/notify";
import { useHydrated } from "../../lib/browser/use-hydrated";
import { useVisitSource } from "../../lib/browser/use-visit-source";
import { sendContactMessage } from "../../lib/contact/send-contact";
import { CalloutPanel } from "../ui/callout-panel";
import { Confirmation } from "../ui/form-messages";
import { LabelledField, type FieldControlProps } from "../ui/labelled-field";
import { ContactDetails } from "./contact-details";

/** What the page shows above the form after a post without JavaScript. */
export type ContactNotice = { kind: "success" | "error"; title: string; description: string };

/** One toast for the form: a new one replaces the last instead of standing beside it. */
const TOAST_ID = "contact-form";

/**
 * The contact form. With JavaScript it checks the fields with the shared schema and sends
 * to POST /api/contact; without, it posts to the contact page's action, which answers with `notice`.
 * After a message is sent, a lasting confirmation takes the place above the form and the focus.
 */
export function ContactForm({
  initialValues = EMPTY_CONTACT_FORM,
  initialErrors = {},
  notice: initialNotice,
  action,
}: {
  initialValues?: ContactFormValues;
  initialErrors?: Record<string, string>;
  notice?: ContactNotice;
  /**
   * Where the form posts without JavaScript: this page unless given. An edited page names /contact,
   * whose action credits the lead to the page it was sent from (its Referer).
   */
  action?: string;
}) {
  const [values, setValues] = useState<ContactFormValues>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>(initialErrors);
  const [notice, setNotice] = useState<ContactNotice | undefined>(initialNotice);
  const [sentTo, setSentTo] = useState<string>();
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const source = useVisitSource();
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirstInvalid(fields: Record<string, string>) {
    const first = CONTACT_FIELDS.find((field) => fields[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setNotice(undefined);
    setSentTo(undefined);
    const honeypot = new FormData(event.currentTarget).get(CONTACT_HONEYPOT_FIELD);
    // The schema (and its library) loads when a message is sent, not with the page (decision 074).
    const fields = (await import("../../lib/contact/validate-contact")).validateContact(values);
    if (fields) {
      setErrors(fields);
      focusFirstInvalid(fields);
      if (hasMissingFields(values)) {
        replaceToast(TOAST_ID, "error", contactMessages.missingTitle, contactMessages.missingDescription);
      }
      return;
    }
    setErrors({});
    setSending(true);
    // The visit's source, as the hidden fields carry it in a post without JavaScript.
    const result = await sendContactMessage(values, typeof honeypot === "string" ? honeypot : "", source);
    setSending(false);
    if (result.ok) {
      replaceToast(TOAST_ID, "success", contactMessages.sentTitle, contactMessages.sentDescription);
      setSentTo(values.email.trim());
      setValues(EMPTY_CONTACT_FORM);
      return;
    }
    // Nothing was received: the visitor's text stays in the form.
    if (result.fields) {
      setErrors(result.fields);
      focusFirstInvalid(result.fields);
    }
    const failure =
      result.status === 429 && result.error
        ? { title: contactMessages.errorTitle, description: result.error }
        : contactFailureNotice(result.error);
    replaceToast(TOAST_ID, "error", failure.title, failure.description);
  }

  function update(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)));
    }
  }

  return (
    <>
      {notice ? <NoticeBox notice={notice} /> : null}
      {sentTo ? (
        <Confirmation className="mt-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">{contactCopy.confirmation.title}</p>
          <p className="mt-1 text-sm">{contactCopy.confirmation.body(sentTo)}</p>
        </Confirmation>
      ) : null}
      <form
        ref={formRef}
        method="post"
        action={action}
        // Until the page is interactive the browser checks the fields itself; then the
        // page does, so that empty fields get the 'Missing fields' toast.
        noValidate={hydrated}
        onSubmit={handleSubmit}
        className="relative mt-6 space-y-5"
      >
        <ContactFields values={values} errors={errors} update={update} />
        <HiddenFields source={source} />
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending}
          className="inline-flex items-center justify-center rounded-lg bg-indigo-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? contactMessages.sending : contactMessages.send}
        </button>
      </form>
    </>
  );
}

type FieldProps = FieldControlProps & { name: ContactField; required: true; className: string };

/** The visitor's name, address and message. */
function ContactFields({
  values,
  errors,
  update,
}: {
  values: ContactFormValues;
  errors: Record<string, string>;
  update: (field: ContactField, value: string) => void;
}) {
  return (
    <>
      <Field
        field="name"
        label={contactCopy.labels.name}
        error={errors.name}
        render={(props) => (
          <input
            {...props}
            type="text"
            autoComplete="name"
            placeholder={contactCopy.placeholders.name}
            value={values.name}
            onChange={(event) => update("name", event.target.value)}
          />
        )}
      />
      <Field
        field="email"
        label={contactCopy.labels.email}
        error={errors.email}
        render={(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            placeholder={contactCopy.placeholders.email}
            value={values.email}
            onChange={(event) => update("email", event.target.value)}
          />
        )}
      />
      <Field
        field="message"
        label={contactCopy.labels.message}
        error={errors.message}
        render={(props) => (
          <textarea
            {...props}
            rows={6}
            placeholder={contactCopy.placeholders.message}
            value={values.message}
            onChange={(event) => update("message", event.target.value)}
          />
        )}
      />
    </>
  );
}

/** What people never fill in (the honeypot), and where the visit came from. */
function HiddenFields({ source }: { source: ReturnType<typeof useVisitSource> }) {
  return (
    <>
      {/* The honeypot: off screen and hidden from assistive technology; people never fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{contactCopy.honeypotLabel}</label>
        <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {/* Where the visit came from (docs/decisions/142): filled once hydrated; empty without JavaScript. */}
      {SOURCE_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={source[field]} />
      ))}
    </>
  );
}

function Field({
  field,
  label,
  error,
  render,
}: {
  field: ContactField;
  label: string;
  error: string | undefined;
  render: (props: FieldProps) => React.ReactNode;
}) {
  return (
    <LabelledField id={`contact-${field}`} label={label} error={error} labelClassName="block text-sm font-semibold text-slate-800" errorGap="mt-2">
      {(control) =>
        render({
          ...control,
          name: field,
          required: true,
          className: `mt-2 block w-full rounded-lg border px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 ${
            error ? "border-red-600" : "border-slate-500"
          }`,
        })
      }
    </LabelledField>
  );
}

function NoticeBox({ notice }: { notice: ContactNotice }) {
  const success = notice.kind === "success";
  return (
    <div
      role={success ? "status" : "alert"}
      className={`mt-6 rounded-lg border p-4 ${
        success ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"
      }`}
    >
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-1 text-sm">{notice.description}</p>
    </div>
  );
}

/** The contact form in its panel beside the support email and phone: /contact, and an edited page's contact form. */
export function ContactSection({
  title = contactCopy.formHeading,
  lead = contactCopy.requiredNote,
  className = "",
  ...form
}: React.ComponentProps<typeof ContactForm> & { title?: string; lead?: string; className?: string }) {
  return (
    <div className={`mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-3 ${className}`.trimEnd()}>
      <section aria-labelledby="contact-form-heading" className="lg:col-span-2">
        <CalloutPanel tone="card" headingId="contact-form-heading" title={title} lead={lead}>
          <ContactForm {...form} />
        </CalloutPanel>
      </section>
      <ContactDetails />
    </div>
  );
}
