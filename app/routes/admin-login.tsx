import { useEffect, useId, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { SiteLink } from "../components/ui/site-link";
import { adminTexts, adminToasts } from "../../domain/admin-messages";
import { adminInputClass, fieldLabelClass } from "../components/admin/admin-form";
import { AuthSpinner } from "../components/admin/require-admin";
import { accountCopy } from "../content/account";
import { adminPageMeta } from "../content/admin-page-meta";
import { adminApi } from "../lib/admin/client";
import { clearAdminToken, readAdminToken, storeAdminToken } from "../lib/admin/session";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { replaceToast } from "../lib/browser/notify";
import type { Route } from "./+types/admin-login";
import { LabelledField } from "../components/ui/labelled-field";
import { homeFor } from "../lib/admin/screens";
import { peopleCopy } from "../content/people";
import { FormAlert } from "../components/ui/form-messages";

/** One toast for the sign-in: a second try replaces the first refusal. */
const TOAST_ID = "admin-login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), adminPageMeta.login);

/**
 * The admin sign-in: one password field, rendered on the server. A visitor with a stored token
 * sees 'Checking authentication...' while it is verified, then goes on to /admin/blog if it is
 * still valid; an invalid one is removed and the form shown.
 */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [params] = useSearchParams();
  const withPasskey = params.get("with") === "passkey";
  // With an authenticator, a right password brings a challenge: the code is asked next.
  const [challenge, setChallenge] = useState<string>();
  // Each person lands on the first screen their role may use.
  const onSignedIn = async (token: string) => {
    const me = await adminApi.whoIs(token);
    void navigate(me ? homeFor(me.role) : "/admin/blog");
  };

  useEffect(() => {
    const token = readAdminToken();
    if (!token) return;
    let cancelled = false;
    setChecking(true);
    void adminApi.checkToken(token).then((checked) => {
      if (cancelled) return;
      if (checked.status === "valid") return navigate(homeFor(checked.me.role), { replace: true });
      // Only a token the server refused goes; without an answer it stays for the next try.
      if (checked.status === "invalid") clearAdminToken();
      setChecking(false);
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  return (
    <section className="flex min-h-[60vh] items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-16">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-lg">
        <h1 className="text-center text-2xl font-bold text-slate-900">{adminTexts.loginHeading}</h1>
        {checking ? (
          <AuthSpinner />
        ) : challenge ? (
          <CodeForm challenge={challenge} onSignedIn={onSignedIn} onExpired={() => setChallenge(undefined)} />
        ) : (
          <>
            {withPasskey ? <PasskeySignIn onSignedIn={onSignedIn} /> : <LoginForm onSignedIn={onSignedIn} onChallenge={setChallenge} />}
            <SiteLink
              to={withPasskey ? "/admin/login" : "/admin/login?with=passkey"}
              className="mt-2 flex min-h-11 w-full items-center justify-center text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline"
            >
              {withPasskey ? peopleCopy.withAdminPassword : peopleCopy.withPasskey}
            </SiteLink>
          </>
        )}
      </div>
    </section>
  );
}

function LoginForm({ onSignedIn, onChallenge }: { onSignedIn: (token: string) => void; onChallenge: (challenge: string) => void }) {
  const passwordId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  // The specification's page asks for the admin password alone; a person of the team asks for
  // their address too (`?with=email`: a link, so the page's default controls stay the specification's).
  const [params] = useSearchParams();
  const withEmail = params.get("with") === "email";
  const [email, setEmail] = useState("");

  // The field is uncontrolled so that hydration leaves alone what was typed before it; pick that up.
  useEffect(() => {
    setPassword(inputRef.current?.value ?? "");
  }, []);
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  // A refused password: marked on the field, said next to it, and the field focused again.
  const [error, setError] = useState<string>();
  const [emailError, setEmailError] = useState<string>();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError(undefined);
    const result = await adminApi.login(password, withEmail ? email.trim() : undefined);
    setBusy(false);
    if (!result.ok && result.fields?.email) {
      setEmailError(result.fields.email);
      emailRef.current?.focus();
    } else if (!result.ok) {
      setError(result.status === 0 ? adminToasts.networkError.description : result.error || adminToasts.loginFailure.fallback);
      inputRef.current?.focus();
      inputRef.current?.select();
    }
    if (result.ok && "mfaRequired" in result.data) {
      onChallenge(result.data.challenge);
    } else if (result.ok) {
      const { token } = result.data as { token: string };
      storeAdminToken(token);
      replaceToast(TOAST_ID, "success", adminToasts.loginSuccess.title, adminToasts.loginSuccess.description);
      onSignedIn(token);
    } else if (result.status === 0) {
      replaceToast(TOAST_ID, "error", adminToasts.networkError.title, adminToasts.networkError.description);
    } else {
      replaceToast(TOAST_ID, "error", adminToasts.loginFailure.title, result.error || adminToasts.loginFailure.fallback);
    }
  }

  // method="post": even before the page is interactive, a password never lands in a URL.
  return (
    <form method="post" className="mt-8 space-y-6" onSubmit={onSubmit} noValidate>
      {withEmail ? (
        <EmailField
          ref={emailRef}
          value={email}
          error={emailError}
          onChange={(value) => {
            setEmail(value);
            setEmailError(undefined);
          }}
        />
      ) : null}
      <LabelledField id={passwordId} label={adminTexts.passwordLabel} error={error} labelClassName={fieldLabelClass} errorGap="mt-2">
        {(control) => (
          <div className="relative mt-1">
            <input
              {...control}
              name="password"
              type={visible ? "text" : "password"}
              autoComplete="current-password"
              required
              autoFocus={!withEmail}
              ref={inputRef}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
              className={`block w-full rounded-md border py-2 pr-12 pl-3 text-slate-900 shadow-sm focus:border-indigo-600 focus:ring-2 focus:ring-indigo-600 focus:outline-none ${
                error ? "border-red-600" : "border-slate-500"
              }`}
            />
            <button
              type="button"
              onClick={() => setVisible((shown) => !shown)}
              aria-label={visible ? adminTexts.hidePassword : adminTexts.showPassword}
              aria-controls={passwordId}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800"
            >
              <EyeIcon crossed={visible} />
            </button>
          </div>
        )}
      </LabelledField>
      <button
        type="submit"
        disabled={!password || busy}
        className="w-full rounded-md bg-indigo-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? adminTexts.signingIn : adminTexts.signIn}
      </button>
      <SiteLink
        to={withEmail ? "/admin/login" : "/admin/login?with=email"}
        className="flex min-h-11 w-full items-center justify-center text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline"
      >
        {withEmail ? peopleCopy.withAdminPassword : peopleCopy.withEmail}
      </SiteLink>
    </form>
  );
}

/** A person's address, above the password, when they sign in with it (decision 208). */
function EmailField({ ref, value, error, onChange }: { ref: React.Ref<HTMLInputElement>; value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <LabelledField id={id} label={peopleCopy.emailLabel} error={error} labelClassName={fieldLabelClass} errorGap="mt-2">
      {(control) => (
        <input
          {...control}
          ref={ref}
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${adminInputClass} ${error ? "border-red-600" : "border-slate-500"}`}
        />
      )}
    </LabelledField>
  );
}

/**
 * A passkey alone, in place of the password (docs/decisions/209; `?with=passkey`, a link, so the
 * page's default controls stay the specification's): the browser offers the passkeys it holds for
 * this site, and the one chosen stands for both the password and the code. The WebAuthn library is
 * loaded only when the button is used.
 */
function PasskeySignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function signIn() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const message = await attempt();
    setBusy(false);
    if (typeof message === "object") {
      replaceToast(TOAST_ID, "success", adminToasts.loginSuccess.title, adminToasts.loginSuccess.description);
      return onSignedIn(message.token);
    }
    setError(message);
    replaceToast(TOAST_ID, "error", adminToasts.loginFailure.title, message);
  }

  /** The prompt and the server's check; answers what went wrong, or the token once signed in. */
  async function attempt(): Promise<string | { token: string }> {
    const failed = (result: { status: number; error?: string }) =>
      result.status === 0 ? adminToasts.networkError.description : result.error || adminToasts.loginFailure.fallback;
    const options = await adminApi.passkeySignInOptions();
    if (!options.ok) return failed(options);
    const { getPasskey } = await import("../lib/admin/passkey-prompt");
    const prompt = await getPasskey(options.data);
    if (!prompt.ok) return prompt.error;
    const result = await adminApi.signInWithPasskey(prompt.response);
    if (!result.ok) return failed(result);
    storeAdminToken(result.data.token);
    return { token: result.data.token };
  }

  return (
    <div className="mt-4 space-y-3">
      <button
        type="button"
        onClick={() => void signIn()}
        disabled={busy}
        className="w-full rounded-md border border-indigo-700 bg-white px-4 py-2.5 font-semibold text-indigo-800 shadow-sm hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? accountCopy.passkeyWaiting : accountCopy.passkeySignIn}
      </button>
      <FormAlert error={error} />
    </div>
  );
}

/** The second step: "Authentication code" (or a recovery code); the token is stored as after a password. */
function CodeForm({ challenge, onSignedIn, onExpired }: { challenge: string; onSignedIn: (token: string) => void; onExpired: () => void }) {
  const codeId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setError(undefined);
    const result = await adminApi.verifyLogin(challenge, code);
    setBusy(false);
    if (result.ok) {
      storeAdminToken(result.data.token);
      replaceToast(TOAST_ID, "success", adminToasts.loginSuccess.title, adminToasts.loginSuccess.description);
      onSignedIn(result.data.token);
      return;
    }
    const message = result.status === 0 ? adminToasts.networkError.description : result.error || adminToasts.loginFailure.fallback;
    // An expired or used-up challenge: back to the password, saying why.
    if (result.status === 401 && !result.fields?.code) {
      replaceToast(TOAST_ID, "error", adminToasts.loginFailure.title, message);
      onExpired();
      return;
    }
    setError(message);
    replaceToast(TOAST_ID, "error", adminToasts.loginFailure.title, message);
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  return (
    <form method="post" className="mt-8 space-y-6" onSubmit={onSubmit} noValidate>
      <LabelledField id={codeId} label={accountCopy.codeLabel} hint={accountCopy.codeHint} hintFirst error={error} labelClassName={fieldLabelClass} errorGap="mt-2">
        {(control) => (
          <input
            {...control}
            name="code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            maxLength={32}
            ref={inputRef}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(undefined);
            }}
            className={`mt-2 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:ring-2 focus:ring-indigo-600 focus:outline-none ${
              error ? "border-red-600" : "border-slate-500"
            }`}
          />
        )}
      </LabelledField>
      <button
        type="submit"
        disabled={!code.trim() || busy}
        className="w-full rounded-md bg-indigo-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? accountCopy.verifying : accountCopy.verify}
      </button>
      <button type="button" onClick={onExpired} className="w-full text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline">
        {accountCopy.usePassword}
      </button>
    </form>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
