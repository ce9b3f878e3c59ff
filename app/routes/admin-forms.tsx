import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { FormSummary } from "../../domain/forms";
import { AdminTime, BackToAdmin, QueryStatus } from "../components/admin/admin-panels";
import { AdminButton } from "../components/admin/admin-form";
import { FormBuilder } from "../components/admin/forms/form-builder";
import { draftOf, emptyDraft, type FormDraft } from "../components/admin/forms/form-draft";
import { formsScreenCopy as copy } from "../content/admin-forms";
import { accountCopy } from "../content/account";
import { adminApi } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-forms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: copy.title, description: "Forms for the landing pages.", path: "/admin/forms", noindex: true });

type Editing = { id?: string; draft: FormDraft; heading: string };

/**
 * The forms the team builds (docs/decisions/220): the list, each with its submissions, and the
 * builder for a new form or a changed one.
 */
export default function AdminForms() {
  const { query, update } = useAdminQuery("forms", adminApi.listForms);
  const [editing, setEditing] = useState<Editing>();
  const [announcement, setAnnouncement] = useState("");
  const run = useAdminCall();

  async function remove(form: FormSummary) {
    if (!window.confirm(copy.deleteConfirm(form.name))) return;
    const result = await run(adminApi.deleteForm(form.id));
    if (result.ok) {
      update((forms) => forms.filter((each) => each.id !== form.id));
      if (editing?.id === form.id) setEditing(undefined);
      setAnnouncement(copy.deleted(form.name));
    } else if (result.status !== 401) {
      // A page still shows it: the answer names the pages.
      toast.error(copy.deleteFailed, { description: result.error });
    }
  }

  function saved(form: FormSummary) {
    update((forms) => [...forms.filter((each) => each.id !== form.id), form].sort((a, b) => a.name.localeCompare(b.name)));
    setEditing(undefined);
    setAnnouncement(copy.saved);
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{copy.lead}</p>
      <p role="status" className="mt-4 min-h-6 font-semibold text-emerald-800">
        {announcement}
      </p>
      <h2 className="mt-6 text-xl font-bold text-slate-900">{copy.listHeading}</h2>
      <QueryStatus query={query} loading={accountCopy.loading} failed={accountCopy.loadFailed} />
      {query.status === "ready" && query.data.length === 0 ? <p className="mt-4 text-slate-700">{copy.empty}</p> : null}
      {query.status === "ready" && query.data.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {query.data.map((form) => (
            <li key={form.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{form.name}</p>
                <AdminTime iso={form.updated_at} className="text-sm text-slate-600" />
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Link to={`/admin/forms/${encodeURIComponent(form.id)}`} className="text-sm font-semibold text-indigo-700 underline underline-offset-4">
                  {copy.submissions(form.submissions)}
                </Link>
                <AdminButton variant="secondary" aria-label={`${copy.edit} ${form.name}`} onClick={() => setEditing({ id: form.id, draft: draftOf(form), heading: copy.builderEdit(form.name) })}>
                  {copy.edit}
                </AdminButton>
                <AdminButton variant="warningOutline" className="text-sm" aria-label={`${copy.delete} ${form.name}`} onClick={() => void remove(form)}>
                  {copy.delete}
                </AdminButton>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="form-builder-heading" className="mt-10">
        <h2 id="form-builder-heading" className="text-xl font-bold text-slate-900">
          {editing?.heading ?? copy.builderNew}
        </h2>
        {editing ? (
          <FormBuilder key={editing.id ?? "new"} id={editing.id} initial={editing.draft} onSaved={saved} onCancel={() => setEditing(undefined)} />
        ) : (
          <AdminButton variant="primary" className="mt-4" onClick={() => { setAnnouncement(""); setEditing({ draft: emptyDraft(), heading: copy.builderNew }); }}>
            {copy.newForm}
          </AdminButton>
        )}
      </section>
    </div>
  );
}
