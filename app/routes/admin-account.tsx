import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import type { EnrolledFactor, FactorSummary, LogoutScope, SessionSummary } from "../../domain/account";
import { PASSWORD_MAX_LENGTH } from "../../domain/auth";
import { displayAddress } from "../../domain/ip-address";
import { AdminTableHead, AdminTime, BackToAdmin, QueryStatus, StackedCell, TitledSection } from "../components/admin/admin-panels";
import { AdminButton, adminInputClass, FieldLabel, fieldLabelClass } from "../components/admin/admin-form";
import { AccountPasskeys } from "../components/admin/account-passkeys";
import { StepUpField } from "../components/admin/step-up-field";
import { FieldError, FormAlert } from "../components/ui/form-messages";
import { LabelledField } from "../components/ui/labelled-field";
import { accountCopy as copy } from "../content/account";
import { adminApi } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { useAdminLogout } from "../lib/admin/use-logout";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-account";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: copy.title, description: "Sign-in, sessions and password.", path: "/admin/account", noindex: true });

const sectionClass = "mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

/** The admin's account: passkeys, authenticator apps, recovery codes, sessions, and the password (docs/decisions/150-153, 209). */
export default function AdminAccount() {
  // Bumped when other sessions end from the factors' section: the sessions' list reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
      <AccountPasskeys />
      <Factors onOthersEnded={() => setSessionsVersion((each) => each + 1)} />
      <Sessions version={sessionsVersion} />
      <PasswordChange />
    </div>
  );
}

function Factors({ onOthersEnded }: { onOthersEnded: () => void }) {
  const call = useAdminCall();
  const { query, reload } = useAdminQuery("factors", adminApi.listFactors);
  const [name, setName] = useState("");
  // The step-up: a code with a verified authenticator; without one, the password once the sign-in
  // is more than 10 minutes old (the server says so by naming the field; decision 170).
  const [proof, setProof] = useState("");
  const [passwordAsked, setPasswordAsked] = useState(false);
  const [enrolled, setEnrolled] = useState<EnrolledFactor>();
  const [codes, setCodes] = useState<string[]>();
  // After the first verified factor: the sessions opened with the password alone may be ended (decision 192).
  const [offerEndOthers, setOfferEndOthers] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameId = useId();
  const proofId = useId();
  const factors = query.status === "ready" ? query.data : [];
  const hasVerified = factors.some((factor) => factor.status === "verified");
  const proofField = hasVerified ? "code" : "password";
  // The password field appears only when asked for: it takes the focus then.
  useEffect(() => {
    if (passwordAsked) document.getElementById(proofId)?.focus();
  }, [passwordAsked, proofId]);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const result = await call(adminApi.enrolFactor(name, proof ? { [proofField]: proof } : {}));
    // What was typed stays, so a mistyped code is corrected rather than typed again.
    if (!result.ok) {
      if (result.fields?.password) setPasswordAsked(true);
      return setErrors(result.fields ?? { form: result.error ?? copy.loadFailed });
    }
    setErrors({});
    setPasswordAsked(false);
    setEnrolled(result.data);
    setName("");
    setProof("");
    reload();
  }

  return (
    <TitledSection id="factors-heading" title={copy.factorsHeading} lead={copy.factorsIntro} className={sectionClass} titleClassName="text-xl font-bold text-slate-900" leadClassName="mt-1 text-sm text-slate-700">
      <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} className="mt-4" />
      {query.status === "ready" && factors.length === 0 ? <p className="mt-4 text-slate-700">{copy.noFactors}</p> : null}
      <ul className="mt-4 space-y-3">
        {factors.map((factor) => (
          <FactorRow
            key={factor.id}
            factor={factor}
            // While an enrolment is on screen, its code field is the only one (decision 192).
            enrolling={enrolled !== undefined}
            onRemoved={() => {
              if (enrolled?.id === factor.id) setEnrolled(undefined);
              reload();
            }}
            onShown={setEnrolled}
          >
            {enrolled?.id === factor.id ? (
              <Enrolment
                factor={enrolled}
                onVerified={(recovery) => {
                  setEnrolled(undefined);
                  if (recovery) {
                    setCodes(recovery);
                    setOfferEndOthers(true);
                  }
                  reload();
                }}
              />
            ) : null}
          </FactorRow>
        ))}
      </ul>

      {enrolled ? null : (
        <form className="mt-6 flex flex-wrap items-end gap-3" onSubmit={add} noValidate>
          <StepUpField className="min-w-64 flex-1" id={nameId} label={copy.friendlyName} value={name} onChange={setName} error={errors.friendly_name} maxLength={60} autoComplete="off" />
          {hasVerified ? (
            <StepUpField className="min-w-64 flex-1" id={proofId} label={copy.addCodeLabel} value={proof} onChange={setProof} error={errors.code} />
          ) : passwordAsked ? (
            <StepUpField className="min-w-64 flex-1" id={proofId} label={copy.currentPassword} value={proof} onChange={setProof} error={errors.password} type="password" />
          ) : null}
          <AdminButton variant="primary" type="submit" disabled={!name.trim()} disabledReason={copy.addDisabled}>
            {copy.addFactor}
          </AdminButton>
          <div className="w-full">
            <FormAlert error={errors.form} />
          </div>
        </form>
      )}

      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} /> : null}
      {offerEndOthers ? (
        <EndOtherSessions
          onDone={(ended) => {
            setOfferEndOthers(false);
            if (ended) onOthersEnded();
          }}
        />
      ) : null}
      {hasVerified && !codes && !enrolled ? <Regenerate onCodes={setCodes} /> : null}
    </TitledSection>
  );
}

function FactorRow({
  factor,
  enrolling,
  onRemoved,
  onShown,
  children,
}: {
  factor: FactorSummary;
  enrolling: boolean;
  onRemoved: () => void;
  onShown: (factor: EnrolledFactor) => void;
  children?: React.ReactNode;
}) {
  const call = useAdminCall();
  const id = useId();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A factor never verified cannot sign in: it goes without a code, from any session (decision 191).
  const verified = factor.status === "verified";
  async function remove(event?: React.FormEvent) {
    event?.preventDefault();
    const proof = code ? { code } : password ? { password } : {};
    const result = await call(adminApi.deleteFactor(factor.id, verified ? proof : {}));
    if (!result.ok) return setErrors(result.fields ?? { form: result.error ?? copy.loadFailed });
    toast.success(copy.removed);
    onRemoved();
  }
  async function showAgain() {
    const result = await call(adminApi.showEnrolment(factor.id));
    if (!result.ok) return setErrors({ form: result.error ?? copy.loadFailed });
    setErrors({});
    onShown(result.data);
  }
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <p className="font-semibold break-words text-slate-900">
        {factor.friendly_name}{" "}
        <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
          {verified ? copy.statusVerified : copy.statusUnverified}
        </span>
      </p>
      <p className="text-sm text-slate-600">
        <AdminTime iso={factor.created_at} />
      </p>
      {verified ? (
        enrolling ? null : (
          <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={remove} noValidate>
            <StepUpField id={`${id}-code`} label={copy.removeCodeLabel(factor.friendly_name)} value={code} onChange={setCode} error={errors.code} />
            <StepUpField id={`${id}-password`} label={copy.removePasswordLabel(factor.friendly_name)} value={password} onChange={setPassword} error={errors.password} type="password" maxLength={PASSWORD_MAX_LENGTH} />
            <AdminButton variant="secondary" type="submit" disabled={!code.trim() && !password} disabledReason={copy.removeDisabled}>
              {copy.remove}
            </AdminButton>
            <p className="w-full text-sm text-slate-600">{copy.removeCodeHint}</p>
            <div className="w-full">
              <FormAlert error={errors.form} />
            </div>
          </form>
        )
      ) : (
        <div className="mt-3">
          <p className="text-sm text-slate-600">{copy.unverifiedHint}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {children ? null : (
              <AdminButton variant="outline" onClick={() => void showAgain()}>
                {copy.showAgain}
              </AdminButton>
            )}
            <AdminButton variant="secondary" onClick={() => void remove()}>
              {copy.remove}
            </AdminButton>
          </div>
          <FormAlert error={errors.form} />
        </div>
      )}
      {children}
    </li>
  );
}

/** The secret as the app asks for it, in groups of four: spaced by the layout, copied and read as one run. */
function SecretGroups({ secret }: { secret: string }) {
  const groups = secret.match(/.{1,4}/g) ?? [];
  return (
    <code data-testid="factor-secret" className="inline-flex flex-wrap gap-x-2 font-mono font-semibold">
      {groups.map((group, index) => (
        <span key={index}>{group}</span>
      ))}
    </code>
  );
}

/** After the first verified factor: the sessions opened with the password alone may end now. */
function EndOtherSessions({ onDone }: { onDone: (ended: boolean) => void }) {
  const call = useAdminCall();
  async function endOthers() {
    const result = await call(adminApi.logout("others"));
    if (result.ok) toast.success(copy.othersSignedOut);
    onDone(result.ok);
  }
  return (
    <section aria-labelledby="end-others-heading" className="mt-6 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <h3 id="end-others-heading" className="font-bold text-slate-900">
        {copy.endOthersHeading}
      </h3>
      <p className="mt-1 text-sm text-slate-800">{copy.endOthersIntro}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <AdminButton variant="primary" onClick={() => void endOthers()}>
          {copy.endOthers}
        </AdminButton>
        <AdminButton variant="secondary" onClick={() => onDone(false)}>
          {copy.notNow}
        </AdminButton>
      </div>
    </section>
  );
}

function Enrolment({ factor, onVerified }: { factor: EnrolledFactor; onVerified: (codes?: string[]) => void }) {
  const call = useAdminCall();
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  async function verify(event: React.FormEvent) {
    event.preventDefault();
    const result = await call(adminApi.verifyFactor(factor.id, code));
    if (!result.ok) return setError(result.error ?? copy.loadFailed);
    toast.success(copy.verified);
    onVerified(result.data.recovery_codes);
  }
  return (
    <div className="mt-6 rounded-lg border border-indigo-200 bg-indigo-50 p-4">
      <p className="text-sm text-slate-800">{copy.scanIntro}</p>
      {/* Drawn by the server from the otpauth URI: an SVG of black and white squares, no script. */}
      <img src={`data:image/svg+xml;utf8,${encodeURIComponent(factor.qr_svg)}`} alt={copy.qrLabel} width={200} height={200} className="mt-3 bg-white" />
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-800">
        <span>{copy.secretLabel}:</span>
        <SecretGroups secret={factor.secret} />
        <AdminButton
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(factor.secret).then(() => toast.success(copy.secretCopied), () => undefined)}
        >
          {copy.copySecret}
        </AdminButton>
      </div>
      <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={verify} noValidate>
        <div>
          <FieldLabel htmlFor={id}>{copy.codeLabel}</FieldLabel>
          <input id={id} value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={32} onChange={(event) => setCode(event.target.value)} className={`${adminInputClass} border-slate-500`} />
          <FieldError id={`${id}-error`} error={error} gap="mt-2" />
        </div>
        <AdminButton variant="primary" type="submit" disabled={!code.trim()} disabledReason={copy.verifyDisabled}>
          {copy.verifyFactor}
        </AdminButton>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-bold text-slate-900">{copy.recoveryHeading}</h3>
      <p className="mt-1 text-sm text-slate-800">{copy.recoveryIntro}</p>
      <ul aria-label={copy.recoveryListLabel} className="mt-3 grid grid-cols-2 gap-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <AdminButton
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => toast.success(copy.copied), () => undefined)}
        >
          {copy.copyCodes}
        </AdminButton>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          {copy.downloadCodes}
        </a>
        <AdminButton variant="primary" onClick={onDone}>
          {copy.done}
        </AdminButton>
      </div>
    </div>
  );
}

function Regenerate({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const call = useAdminCall();
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const result = await call(adminApi.regenerateRecoveryCodes(code));
    if (!result.ok) return setError(result.error ?? copy.loadFailed);
    setCode("");
    onCodes(result.data.recovery_codes);
  }
  return (
    <form className="mt-6 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
      <div>
        <FieldLabel htmlFor={id}>{copy.regenerateCodeLabel}</FieldLabel>
        <input id={id} value={code} autoComplete="one-time-code" maxLength={32} onChange={(event) => setCode(event.target.value)} className={`${adminInputClass} border-slate-500`} />
        <FieldError id={`${id}-error`} error={error} gap="mt-2" />
      </div>
      <AdminButton variant="outline" type="submit" disabled={!code.trim()} disabledReason={copy.regenerateDisabled}>
        {copy.regenerate}
      </AdminButton>
      <p className="w-full text-sm text-slate-600">{copy.regenerateNote}</p>
    </form>
  );
}

function Sessions({ version }: { version: number }) {
  const call = useAdminCall();
  const logout = useAdminLogout();
  const { query, reload } = useAdminQuery(`sessions:${version}`, adminApi.listSessions);
  const sessions: SessionSummary[] = query.status === "ready" ? query.data : [];

  async function end(id: string) {
    const result = await call(adminApi.endSession(id));
    if (result.ok) toast.success(copy.sessionEnded);
    reload();
  }
  async function signOut(scope: LogoutScope) {
    if (scope === "others") {
      const result = await call(adminApi.logout("others"));
      if (result.ok) toast.success(copy.othersSignedOut);
      return reload();
    }
    await logout(scope);
  }

  return (
    <TitledSection id="sessions-heading" title={copy.sessionsHeading} className={sectionClass} titleClassName="text-xl font-bold text-slate-900">
      <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} className="mt-4" />
      {sessions.length > 0 ? (
        // A table on wide screens; on a phone each session is a block of labelled lines (decision 192).
        <div className="mt-4">
          <table className="w-full text-left text-sm">
            <AdminTableHead
              className="sr-only sm:not-sr-only sm:table-header-group"
              columns={[copy.sessionCreated, copy.sessionLastUsed, copy.sessionAddress, copy.sessionBrowser, <span className="sr-only">{copy.endSession}</span>]}
            />
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id} className="block border-b border-slate-100 py-2 sm:table-row sm:py-0">
                  <StackedCell label={copy.sessionCreated}>
                    <AdminTime iso={session.created_at} />
                  </StackedCell>
                  <StackedCell label={copy.sessionLastUsed}>
                    <AdminTime iso={session.last_used_at} />
                  </StackedCell>
                  <StackedCell label={copy.sessionAddress}>{session.ip != null ? displayAddress(session.ip) : "—"}</StackedCell>
                  <StackedCell label={copy.sessionBrowser}>{session.browser}</StackedCell>
                  <td className="block py-1 sm:table-cell sm:py-2">
                    {session.current ? (
                      <span className="font-semibold text-slate-900">{copy.thisSession}</span>
                    ) : (
                      <AdminButton variant="secondary" onClick={() => void end(session.id)}>
                        {copy.endSession}
                      </AdminButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <AdminButton variant="secondary" onClick={() => void signOut("local")}>
          {copy.signOutThis}
        </AdminButton>
        <AdminButton variant="secondary" onClick={() => void signOut("others")}>
          {copy.signOutOthers}
        </AdminButton>
        <AdminButton variant="warningOutline" onClick={() => void signOut("global")}>
          {copy.signOutAll}
        </AdminButton>
      </div>
    </TitledSection>
  );
}

function PasswordChange() {
  const { query } = useAdminQuery("password-state", adminApi.passwordState);
  if (query.status === "loading") return <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} className="mt-10" />;
  if (query.status === "ready" && query.data.set_by_environment) {
    return (
      <TitledSection id="password-heading" title={copy.passwordHeading} className={sectionClass} titleClassName="text-xl font-bold text-slate-900">
        <p className="mt-2 text-slate-800">{copy.passwordFromServer}</p>
      </TitledSection>
    );
  }
  return <PasswordChangeForm />;
}

function PasswordChangeForm() {
  const call = useAdminCall();
  const { query } = useAdminQuery("factors", adminApi.listFactors);
  const needsCode = query.status === "ready" && query.data.some((factor) => factor.status === "verified");
  const id = useId();
  const [values, setValues] = useState({ current: "", next: "", again: "", code: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const set = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues((all) => ({ ...all, [name]: event.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (values.next !== values.again) return setErrors({ again: copy.passwordsDiffer });
    const result = await call(
      adminApi.changePassword({ current_password: values.current, new_password: values.next, ...(needsCode ? { code: values.code } : {}) }),
    );
    if (!result.ok) {
      setErrors(result.fields ?? {});
      setFormError(result.fields ? undefined : (result.error ?? copy.loadFailed));
      return;
    }
    setErrors({});
    setFormError(undefined);
    setValues({ current: "", next: "", again: "", code: "" });
    toast.success(copy.passwordChanged);
  }

  const field = (name: keyof typeof values, label: string, apiName: string, type = "password", autoComplete = "new-password") => (
    <LabelledField id={`${id}-${name}`} label={label} error={errors[apiName]} labelClassName={fieldLabelClass} errorGap="mt-2">
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={set(name)}
          className={`${adminInputClass} ${errors[apiName] ? "border-red-600" : "border-slate-500"}`}
        />
      )}
    </LabelledField>
  );

  return (
    <TitledSection id="password-heading" title={copy.passwordHeading} lead={copy.passwordRules} className={sectionClass} titleClassName="text-xl font-bold text-slate-900" leadClassName="mt-1 text-sm text-slate-700">
      <form className="mt-4 max-w-md space-y-4" onSubmit={submit} noValidate>
        {field("current", copy.currentPassword, "current_password", "password", "current-password")}
        {field("next", copy.newPassword, "new_password")}
        {field("again", copy.repeatPassword, "again")}
        {needsCode ? field("code", copy.codeLabel, "code", "text", "one-time-code") : null}
        {formError ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {formError}
          </p>
        ) : null}
        <AdminButton variant="primary" type="submit" disabled={!values.current || !values.next || !values.again} disabledReason={copy.changePasswordDisabled}>
          {copy.changePassword}
        </AdminButton>
      </form>
    </TitledSection>
  );
}
