import { useEffect, useId, useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { Role } from "../../domain/roles";
import { peopleMessages } from "../../domain/people";
import { adminInputClass, fieldLabelClass } from "../components/admin/admin-form";
import { LabelledField } from "../components/ui/labelled-field";
import { SiteLink } from "../components/ui/site-link";
import { peopleCopy } from "../content/people";
import { adminApi } from "../lib/admin/client";
import { homeFor } from "../lib/admin/screens";
import { storeAdminToken } from "../lib/admin/session";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-invite";

const copy = peopleCopy.invitation;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: copy.heading, description: "Take an invitation to the team.", path: "/admin/invite", noindex: true });

type Invitation = { email: string; name: string; role: Role };

/**
 * An invitation link (docs/decisions/208): whom it is for, then their name and password; taking
 * it signs them in and opens the first screen their role may use. A used, withdrawn or expired
 * link says so and points to the sign-in page.
 */
export default function AdminInvite() {
  const { token = "" } = useParams();
  const [invitation, setInvitation] = useState<Invitation | "gone">();

  useEffect(() => {
    let cancelled = false;
    void adminApi.invitation(token).then((result) => {
      if (!cancelled) setInvitation(result.ok ? result.data : "gone");
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <section className="flex min-h-[60vh] items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-lg">
        <h1 className="text-center text-2xl font-bold text-slate-900">{copy.heading}</h1>
        {invitation === undefined ? (
          <p role="status" className="mt-6 text-center text-slate-600">
            {copy.checking}
          </p>
        ) : invitation === "gone" ? (
          <div className="mt-6 text-center">
            <p role="alert" className="text-slate-800">
              {peopleMessages.invitationGone}
            </p>
            <SiteLink to="/admin/login" className="mt-4 inline-flex min-h-11 items-center font-semibold text-indigo-700 underline underline-offset-4">
              {copy.loginLink}
            </SiteLink>
          </div>
        ) : (
          <JoinForm token={token} invitation={invitation} onGone={() => setInvitation("gone")} />
        )}
      </div>
    </section>
  );
}

function JoinForm({ token, invitation, onGone }: { token: string; invitation: Invitation; onGone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState(invitation.name);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await adminApi.acceptInvitation(token, { name, password });
    setBusy(false);
    if (result.ok) {
      storeAdminToken(result.data.token);
      void navigate(homeFor(invitation.role));
      return;
    }
    if (result.status === 404) return onGone();
    setErrors(result.fields ?? { password: result.error ?? "" });
  }

  const inputClass = (key: string) => `${adminInputClass} ${errors[key] ? "border-red-600" : "border-slate-500"}`;
  return (
    <form method="post" className="mt-6 space-y-5" onSubmit={onSubmit} noValidate>
      <p className="text-slate-700">{copy.intro(invitation.name, invitation.role)}</p>
      <LabelledField id={`${id}-email`} label={copy.emailLabel} error={undefined} labelClassName={fieldLabelClass}>
        {(control) => <input {...control} type="email" autoComplete="username" readOnly value={invitation.email} className={`${inputClass("email")} bg-slate-50`} />}
      </LabelledField>
      <LabelledField id={`${id}-name`} label={copy.nameLabel} error={errors.name} labelClassName={fieldLabelClass}>
        {(control) => <input {...control} type="text" autoComplete="name" required value={name} onChange={(event) => setName(event.target.value)} className={inputClass("name")} />}
      </LabelledField>
      <LabelledField id={`${id}-password`} label={copy.passwordLabel} hint={copy.passwordHint} error={errors.password} labelClassName={fieldLabelClass}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={inputClass("password")}
          />
        )}
      </LabelledField>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-indigo-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
