import { data, redirect, useActionData, useSearchParams } from "react-router";
import { CONTACT_FIELDS, contactFailureNotice, contactMessages, type ContactFormValues } from "../../domain/contact-fields";
import { submitContactMessage } from "../../server/contact/contact-messages.server";
import { isDatabaseUnavailable } from "../../server/db/database-errors.server";
import { readSmallForm } from "../../server/http/form-data.server";
import { ContactFormStateContext } from "../components/blocks/contact-form-state";
import { LivePage } from "../components/blocks/live-page";
import type { ContactNotice } from "../components/contact/contact-form";
import { contactMeta } from "../../domain/site-copy/contact";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { answerPostedForm, isFormBlockPost } from "../lib/forms/form-post.server";
import { loadSpecificationPage } from "../lib/pages/specification-page.server";
import { readSpecificationPage } from "../../server/pages/specification-pages.server";
import type { Route } from "./+types/contact";

/** A specification page the marketing team edits (docs/decisions/199): its live version, from its blocks. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadSpecificationPage(context, contactMeta);
}

// Made by the loader from the page and the specification's copy: the browser's code carries neither.
export const meta: Route.MetaFunction = ({ matches, data }) => (data ? pageMeta(siteFromMatches(matches), data.meta) : []);

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
  // A form block the team placed on the page, not the contact form.
  if (isFormBlockPost(form.values)) {
    return answerPostedForm(form, request, context, await readSpecificationPage(context.services.db, contactMeta.path));
  }
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

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const answered = useActionData<typeof action>();
  const actionData = answered && "notice" in answered ? answered : undefined;
  const posted = answered && "block" in answered ? answered : undefined;
  const [searchParams] = useSearchParams();
  const state = {
    initialValues: actionData?.values,
    initialErrors: actionData?.fields,
    notice: actionData?.notice ?? (searchParams.get("sent") === "1" ? sentNotice : undefined),
  };
  // The page's contact form block shows what the action answered a form sent without JavaScript.
  return (
    <ContactFormStateContext.Provider value={state}>
      <LivePage content={loaderData} posted={posted} />
    </ContactFormStateContext.Provider>
  );
}
