import { data, Form, useActionData, useNavigation } from "react-router";
import { caseTexts } from "../../domain/disclosure-case";
import { readSmallForm } from "../../server/http/form-data.server";
import { CASE_HEADERS, requestNewCaseLink } from "../../server/disclosure/case.server";
import { FormAlert } from "../components/ui/form-messages";
import { PageHeader } from "../components/ui/page-header";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/security-case-link";

/**
 * /security/case: a reporter who lost their case link asks for a new one by reference and email
 * address. Works without JavaScript; the answer is the same whether or not they matched a report.
 * The form is a public page like the others (cached); its answer is never stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  const values = form.ok ? form.values : {};
  const limited = await requestNewCaseLink(
    context.services,
    { reference: String(values.reference ?? "").slice(0, 40), email: String(values.email ?? "").slice(0, 254) },
    context.clientKey,
  );
  return data({ sent: !limited, error: limited ? caseTexts.rateLimited : undefined }, { status: limited ? 429 : 202, headers: CASE_HEADERS });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: caseTexts.lostLinkTitle, description: caseTexts.lostLinkLead, path: "/security/case", noindex: true });

export default function SecurityCaseLinkPage() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title={caseTexts.lostLinkTitle} lead={caseTexts.lostLinkLead} />
      <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
        <Form method="post" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <FormAlert error={answer?.error} />
          {answer?.sent ? (
            <p role="status" className="rounded-md bg-emerald-50 px-4 py-3 text-emerald-900">
              {caseTexts.lostLinkSent}
            </p>
          ) : null}
          <div>
            <label htmlFor="reference" className="block text-sm font-medium text-slate-800">
              {caseTexts.referenceLabel}
            </label>
            <input id="reference" name="reference" required maxLength={40} autoComplete="off" placeholder="VR-2026-7K3F9Q" className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono" />
          </div>
          <div>
            <label htmlFor="email" className="block text-sm font-medium text-slate-800">
              {caseTexts.emailLabel}
            </label>
            <input id="email" name="email" type="email" required maxLength={254} autoComplete="email" className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
          </div>
          <button type="submit" disabled={busy} className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60">
            {caseTexts.lostLinkSend}
          </button>
        </Form>
      </div>
    </>
  );
}
