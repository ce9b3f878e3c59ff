import { useRef, useState, useSyncExternalStore } from "react";
import { data, redirect, useActionData, useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  EMPTY_CONTACT_FORM,
  contactMessages,
  contactSchema,
  hasMissingFields,
  type ContactField,
  type ContactFormValues,
} from "../../domain/contact";
import { fieldErrors } from "../../domain/validation";
import { submitContactMessage } from "../../server/contact/contact-messages.server";
import { readSmallForm } from "../../server/http/form-data.server";
import { PageHeader } from "../components/ui/page-header";
import { contactCopy } from "../content/contact";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { useSite } from "../lib/site";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.contact);

/** What the page shows above the form after a post without JavaScript. */
type Notice = { kind: "success" | "error"; title: string; description: string };

type ActionFailure = {
  notice: Notice;
  fields: Record<string, string>;
  values: ContactFormValues;
};

/** The form post without JavaScript: the same service as POST /api/contact, answered with a page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  const raw = form.ok ? form.values : {};
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, raw[field] ?? ""]),
  ) as ContactFormValues;
  const failure = (status: number, notice: Notice, fields: Record<string, string> = {}) =>
    data<ActionFailure>({ notice, fields, values }, { status, headers: { "Cache-Control": "no-store" } });
  const error = (description: string): Notice => ({ kind: "error", title: contactMessages.errorTitle, description });

  if (context.rateLimited) return failure(429, error(context.rateLimited));
  if (!form.ok) return failure(form.status, error(contactMessages.errorDescription));
  const result = await submitContactMessage(context.services, raw);
  if (result.ok) {
    // Post/redirect/get: reloading the confirmation does not send the message again.
    throw redirect("/contact?sent=1", 303);
  }
  const missing = hasMissingFields(raw);
  return failure(
    400,
    missing
      ? { kind: "error", title: contactMessages.missingTitle, description: contactMessages.missingDescription }
      : error(contactMessages.errorDescription),
    result.fields,
  );
}

const sentNotice: Notice = {
  kind: "success",
  title: contactMessages.sentTitle,
  description: contactMessages.sentDescription,
};

export default function ContactPage() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<ContactFormValues>(actionData?.values ?? EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<Record<string, string>>(actionData?.fields ?? {});
  const [notice, setNotice] = useState<Notice | undefined>(
    actionData?.notice ?? (searchParams.get("sent") === "1" ? sentNotice : undefined),
  );
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirstInvalid(fields: Record<string, string>) {
    const first = CONTACT_FIELDS.find((field) => fields[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setNotice(undefined);
    const honeypot = new FormData(event.currentTarget).get(CONTACT_HONEYPOT_FIELD);
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      setErrors(fields);
      focusFirstInvalid(fields);
      if (hasMissingFields(values)) {
        toast.error(contactMessages.missingTitle, { description: contactMessages.missingDescription });
      }
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...values, [CONTACT_HONEYPOT_FIELD]: typeof honeypot === "string" ? honeypot : "" }),
      });
      if (response.ok) {
        toast.success(contactMessages.sentTitle, { description: contactMessages.sentDescription });
        setValues(EMPTY_CONTACT_FORM);
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
      if (body.fields) {
        setErrors(body.fields);
        focusFirstInvalid(body.fields);
      }
      const description =
        response.status === 429 && body.error ? body.error : contactMessages.errorDescription;
      toast.error(contactMessages.errorTitle, { description });
    } catch {
      // The network failed: nothing was received, and the visitor's text stays in the form.
      toast.error(contactMessages.errorTitle, { description: contactMessages.errorDescription });
    } finally {
      setSending(false);
    }
  }

  function update(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)));
    }
  }

  return (
    <>
      <PageHeader title={contactCopy.title} lead={contactCopy.lead} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="lg:col-span-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="contact-form-heading" className="text-xl font-bold text-slate-900">
              {contactCopy.formHeading}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{contactCopy.requiredNote}</p>
            {notice ? <NoticeBox notice={notice} /> : null}
            <form
              ref={formRef}
              method="post"
              // Until the page is interactive the browser checks the fields itself; then the
              // page does, so that empty fields get the 'Missing fields' toast.
              noValidate={hydrated}
              onSubmit={handleSubmit}
              className="relative mt-6 space-y-5"
            >
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
              {/* The honeypot: off screen and hidden from assistive technology; people never fill it. */}
              <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
                <label htmlFor="contact-website">{contactCopy.honeypotLabel}</label>
                <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
              </div>
              <button
                type="submit"
                disabled={sending}
                aria-busy={sending}
                className="inline-flex items-center justify-center rounded-lg bg-indigo-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {sending ? contactMessages.sending : contactMessages.send}
              </button>
            </form>
          </div>
        </section>
        <ContactDetails />
      </div>
    </>
  );
}

type FieldProps = {
  id: string;
  name: ContactField;
  required: true;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  className: string;
};

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
  const id = `contact-${field}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {render({
        id,
        name: field,
        required: true,
        "aria-invalid": Boolean(error),
        "aria-describedby": error ? errorId : undefined,
        className: `mt-2 block w-full rounded-lg border px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 ${
          error ? "border-red-600" : "border-slate-300"
        }`,
      })}
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function NoticeBox({ notice }: { notice: Notice }) {
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

function ContactDetails() {
  const site = useSite();
  const telephone = site.supportPhone.replace(/[^\d+]/g, "");
  return (
    <aside aria-labelledby="contact-details-heading" className="rounded-2xl bg-indigo-50 p-6 sm:p-8">
      <h2 id="contact-details-heading" className="text-xl font-bold text-slate-900">
        {contactCopy.detailsHeading}
      </h2>
      <dl className="mt-6 space-y-5">
        <div>
          <dt className="text-sm font-semibold text-slate-700">{contactCopy.emailLabel}</dt>
          <dd className="mt-1">
            <a href={`mailto:${site.supportEmail}`} className="font-medium text-indigo-700 underline underline-offset-4">
              {site.supportEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">{contactCopy.phoneLabel}</dt>
          <dd className="mt-1">
            <a href={`tel:${telephone}`} className="font-medium text-indigo-700 underline underline-offset-4">
              {site.supportPhone}
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-6 text-sm text-slate-600">{contactCopy.responseNote}</p>
    </aside>
  );
}

const subscribeNothing = () => () => {};

/** False while rendering on the server and hydrating, true once the page is interactive. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
