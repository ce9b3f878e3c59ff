import { useId, useState } from "react";
import { peopleMessages, type PersonView } from "../../domain/people";
import { INVITABLE_ROLES, ROLE_LABELS, may, type InvitableRole } from "../../domain/roles";
import { AdminTableHead, AdminTime, BackToAdmin, QueryStatus, StackedCell } from "../components/admin/admin-panels";
import { AdminButton, adminInputClass } from "../components/admin/admin-form";
import { LabelledField } from "../components/ui/labelled-field";
import { peopleCopy as copy } from "../content/people";
import { accountCopy } from "../content/account";
import { adminApi } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { useMe } from "../lib/admin/signed-in-person";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-people";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: copy.heading, description: "The people who run the site and their roles.", path: "/admin/people", noindex: true });

/**
 * The team (docs/decisions/208): who runs the site, with which role; the owner and administrators
 * invite people by address, change their role, send an invitation again and remove them.
 */
export default function AdminPeople() {
  const me = useMe();
  const { query, update, reload } = useAdminQuery("people", adminApi.people);
  const [announcement, setAnnouncement] = useState("");
  const manage = may(me.role, "people.manage");

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.heading}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{copy.intro}</p>
      <p role="status" className="mt-4 min-h-6 font-semibold text-emerald-800">
        {announcement}
      </p>
      {manage ? (
        <InviteForm
          onInvited={(person) => {
            update((people) => [...people, person]);
            setAnnouncement(peopleMessages.invited(person.email ?? ""));
          }}
        />
      ) : null}
      <h2 className="mt-10 text-xl font-bold text-slate-900">{copy.listHeading}</h2>
      <QueryStatus query={query} loading={accountCopy.loading} failed={accountCopy.loadFailed} />
      {query.status === "ready" ? (
        <table className="mt-4 w-full text-left text-sm">
          <AdminTableHead
            className="sr-only md:not-sr-only md:table-header-group"
            columns={[copy.columns.name, copy.columns.email, copy.columns.role, copy.columns.status, copy.columns.lastSignIn, copy.columns.actions]}
          />
          <tbody>
            {query.data.map((person) => (
              <PersonRow
                key={person.id}
                person={person}
                editable={manage && person.role !== "owner" && person.id !== me.id}
                onChanged={(changed, message) => {
                  update((people) => people.map((each) => (each.id === changed.id ? changed : each)));
                  setAnnouncement(message);
                }}
                onRemoved={(message) => {
                  reload();
                  setAnnouncement(message);
                }}
                onAnnounce={setAnnouncement}
              />
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function RoleOptions() {
  return (
    <>
      {INVITABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </>
  );
}

/** Email, name and role; what was typed stays after a refusal, each error beside its field. */
function InviteForm({ onInvited }: { onInvited: (person: PersonView) => void }) {
  const id = useId();
  const run = useAdminCall();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<InvitableRole>("editor");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await run(adminApi.invite({ email, name, role }));
    setBusy(false);
    if (!result.ok) {
      setErrors(result.fields ?? { email: result.error ?? accountCopy.loadFailed });
      return;
    }
    setErrors({});
    setEmail("");
    setName("");
    onInvited(result.data);
  }

  const field = (key: string) => `${adminInputClass} ${errors[key] ? "border-red-600" : "border-slate-500"}`;
  return (
    <form aria-labelledby={`${id}-heading`} onSubmit={onSubmit} noValidate className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {copy.inviteHeading}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <LabelledField id={`${id}-email`} label={copy.emailLabel} error={errors.email}>
          {(control) => (
            <input {...control} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} className={field("email")} />
          )}
        </LabelledField>
        <LabelledField id={`${id}-name`} label={copy.nameLabel} error={errors.name}>
          {(control) => <input {...control} type="text" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} className={field("name")} />}
        </LabelledField>
        <LabelledField id={`${id}-role`} label={copy.roleLabel} hint={copy.roleHelp[role]} error={errors.role}>
          {(control) => (
            <select {...control} value={role} onChange={(event) => setRole(event.target.value as InvitableRole)} className={field("role")}>
              <RoleOptions />
            </select>
          )}
        </LabelledField>
      </div>
      <AdminButton variant="primary" type="submit" disabled={busy} className="mt-4">
        {busy ? copy.inviting : copy.invite}
      </AdminButton>
    </form>
  );
}

function PersonRow({
  person,
  editable,
  onChanged,
  onRemoved,
  onAnnounce,
}: {
  person: PersonView;
  editable: boolean;
  onChanged: (person: PersonView, message: string) => void;
  onRemoved: (message: string) => void;
  onAnnounce: (message: string) => void;
}) {
  const id = useId();
  const run = useAdminCall();
  const [role, setRole] = useState(person.role);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  async function saveRole() {
    const result = await run(adminApi.changePerson(person.id, { role: role as InvitableRole }));
    if (!result.ok) return setError(result.error);
    setError(undefined);
    onChanged(result.data, copy.roleSaved(result.data.name, result.data.role));
  }
  async function remove() {
    const result = await run(adminApi.removePerson(person.id));
    if (!result.ok) return setError(result.error);
    onRemoved(peopleMessages.removed(person.name));
  }
  async function resend() {
    const result = await run(adminApi.resendInvitation(person.id));
    if (!result.ok) return setError(result.error);
    onAnnounce(copy.resent(person.email ?? ""));
  }

  return (
    <tr className="block border-b border-slate-200 py-2 align-top md:table-row md:py-0">
      <StackedCell label={copy.columns.name} wide="md">
        <span className="font-semibold text-slate-900">{person.name}</span>
      </StackedCell>
      <StackedCell label={copy.columns.email} wide="md">
        {person.email ?? <span className="text-slate-600">{copy.ownerEmail}</span>}
      </StackedCell>
      <StackedCell label={copy.columns.role} wide="md">
        {editable ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-role`} className="sr-only">
              {copy.roleFor(person.name)}
            </label>
            <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as InvitableRole)} className="rounded-md border border-slate-500 px-2 py-1.5">
              <RoleOptions />
            </select>
            <AdminButton variant="secondary" disabled={role === person.role} onClick={() => void saveRole()} aria-label={copy.saveRole(person.name)}>
              {copy.change}
            </AdminButton>
          </span>
        ) : (
          ROLE_LABELS[person.role]
        )}
      </StackedCell>
      <StackedCell label={copy.columns.status} wide="md">
        {copy.status[person.status]}
      </StackedCell>
      <StackedCell label={copy.columns.lastSignIn} wide="md">
        {person.last_sign_in_at ? <AdminTime iso={person.last_sign_in_at} /> : copy.never}
      </StackedCell>
      <td className="block py-1 md:table-cell md:py-2">
        {editable ? (
          <span className="flex flex-wrap gap-2">
            {person.status === "invited" ? (
              <AdminButton variant="outline" onClick={() => void resend()}>
                {copy.resend(person.name)}
              </AdminButton>
            ) : null}
            {confirming ? (
              <>
                <span className="w-full text-slate-700">{copy.confirmRemove(person.name)}</span>
                <AdminButton variant="warning" onClick={() => void remove()}>
                  {copy.remove(person.name)}
                </AdminButton>
                <AdminButton variant="secondary" onClick={() => setConfirming(false)}>
                  {copy.cancel}
                </AdminButton>
              </>
            ) : (
              <AdminButton variant="warningOutline" onClick={() => setConfirming(true)}>
                {copy.remove(person.name)}
              </AdminButton>
            )}
          </span>
        ) : null}
        {error ? (
          <p role="alert" className="mt-1 text-red-700">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
