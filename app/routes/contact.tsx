import { data, redirect, useActionData, useSearchParams } from "react-router";
import { CONTACT_FIELDS, contactFailureNotice, contactMessages, type ContactFormValues } from "../../domain/contact-fields";
import { submitContactMessage } from "../../server/contact/contact-messages.server";
import { isDatabaseUnavailable } from "../../server/db/database-errors.server";
import { readSmallForm } from "../../server/http/form-data.server";
import { ContactDetails } from "../components/contact/contact-details";
import { ContactForm, type ContactNotice } from "../components/contact/contact-form";
import { CalloutPanel } from "../components/ui/callout-panel";
import { PageHeader } from "../components/ui/page-header";
import { contactCopy, contactMeta } from "../content/contact";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), contactMeta);

type ActionFailure = {
  notice: ContactNotice;
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
  const failure = (status: number, notice: ContactNotice, fields: Record<string, string> = {}) =>
    data<ActionFailure>({ notice, fields, values }, { status, headers: { "Cache-Control": "no-store" } });
  const error = (description: string): ContactNotice => ({ kind: "error", title: contactMessages.errorTitle, description });

  if (!form.ok) return failure(form.status, error(contactMessages.errorDescription));
  // The service counts this attempt against the client's limit, like the JSON API's.
  // Without JavaScript the source fields come empty: the service reads the form page's address instead.
  const result = await submitContactMessage(context.services, raw, {
    clientKey: context.clientKey,
    formPage: request.headers.get("referer"),
  }).catch(
    (error: unknown) => {
      // The database is away: 503 (entry.server adds Retry-After), and the visitor may send again.
      if (isDatabaseUnavailable(error)) throw data(null, { status: 503 });
      throw error;
    },
  );
  if (result.ok) {
    // Post/redirect/get: reloading the confirmation does not send the message again.
    throw redirect("/contact?sent=1", 303);
  }
  if (result.code === "rate_limited") return failure(429, error(result.error));
  // The service has decided what went wrong; the page only says it.
  return failure(400, { kind: "error", ...contactFailureNotice(result.error) }, result.fields);
}

const sentNotice: ContactNotice = {
  kind: "success",
  title: contactMessages.sentTitle,
  description: contactMessages.sentDescription,
};

export default function ContactPage() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageHeader title={contactCopy.title} lead={contactCopy.lead} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="contact-form-heading" className="lg:col-span-2">
          <CalloutPanel tone="card" headingId="contact-form-heading" title={contactCopy.formHeading} lead={contactCopy.requiredNote}>
            <ContactForm
              initialValues={actionData?.values}
              initialErrors={actionData?.fields}
              notice={actionData?.notice ?? (searchParams.get("sent") === "1" ? sentNotice : undefined)}
            />
          </CalloutPanel>
        </section>
        <ContactDetails />
      </div>
    </>
  );
}
