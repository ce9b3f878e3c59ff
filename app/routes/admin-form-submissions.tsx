import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { answerText } from "../../domain/form-entries";
import { submissionsFileName } from "../../domain/forms";
import { sourceText } from "../../domain/lead-source";
import { AdminTime, QueryStatus } from "../components/admin/admin-panels";
import { AdminButton } from "../components/admin/admin-form";
import { submissionsCopy as copy } from "../content/admin-forms";
import { accountCopy } from "../content/account";
import { adminApi } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { saveFile } from "../lib/browser/save-file";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-form-submissions";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(siteFromMatches(matches), { title: "Form submissions", description: "A form's submissions.", path: `/admin/forms/${params.id}`, noindex: true });

/** One form's submissions, newest first, each with its answers and source, and their CSV export (docs/decisions/220). */
export default function AdminFormSubmissions({ params }: Route.ComponentProps) {
  const run = useAdminCall();
  const { query } = useAdminQuery(`form-submissions:${params.id}`, () => adminApi.formSubmissions(params.id));
  const [busy, setBusy] = useState(false);
  const data = query.status === "ready" ? query.data : undefined;

  async function download() {
    if (!data) return;
    setBusy(true);
    const result = await run(adminApi.formSubmissionsCsv(params.id));
    setBusy(false);
    if (result.ok) saveFile(result.data, submissionsFileName(data.form.name));
    else if (result.status !== 401) toast.error(copy.exportFailed);
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/admin/forms" className="text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline">
        <span aria-hidden="true">← </span>
        {copy.back}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words text-slate-900">{data ? copy.title(data.form.name) : accountCopy.loading}</h1>
      <QueryStatus query={query} loading={accountCopy.loading} failed={accountCopy.loadFailed} />
      {data ? (
        <>
          <AdminButton variant="outline" className="mt-6" disabled={busy || data.submissions.length === 0} onClick={() => void download()}>
            {copy.exportCsv}
          </AdminButton>
          {data.submissions.length === 0 ? <p className="mt-6 text-slate-700">{copy.empty}</p> : null}
          <ol className="mt-6 grid gap-4">
            {data.submissions.map((submission) => (
              <li key={submission.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="text-sm text-slate-600">
                  {copy.when}: <AdminTime iso={submission.created_at} />
                </p>
                <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
                  {data.form.fields.map((field) => (
                    <div key={field.name} className="contents">
                      <dt className="font-semibold break-words text-slate-800">{field.label}</dt>
                      <dd className="whitespace-pre-wrap break-words text-slate-800">{answerText(submission.answers[field.name])}</dd>
                    </div>
                  ))}
                </dl>
                <p className="mt-2 text-sm break-words text-slate-600">{sourceText(submission)}</p>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
