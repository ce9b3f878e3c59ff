import { useEffect, useState } from "react";
import type { Me } from "../../../domain/people";
import { SignedInPerson } from "../../lib/admin/signed-in-person";
import { useNavigate } from "react-router";
import { authMessages } from "../../../domain/auth";
import { adminShellCopy } from "../../content/admin-shell";
import { AdminShell } from "./admin-shell";
import { adminApi } from "../../lib/admin/client";
import { clearAdminToken, readAdminToken } from "../../lib/admin/session";

/**
 * Wraps every protected admin screen: while the stored token is verified it shows
 * 'Checking authentication...'; without a valid token it removes it and replaces the location
 * with /admin/login. The check also says who is signed in, for the screens their role may use.
 * The server guards every admin endpoint on its own as well.
 */
export function RequireAdmin({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  const [me, setMe] = useState<Me>();
  const [unreachable, setUnreachable] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    async function check() {
      const token = readAdminToken();
      const checked = token ? await adminApi.checkToken(token) : ({ status: "invalid" } as const);
      if (cancelled) return;
      if (checked.status === "valid") {
        setMe(checked.me);
      } else if (checked.status === "unreachable") {
        // No answer is no verdict: the token stays (a page left mid-check must not sign her out).
        setUnreachable(true);
      } else {
        if (token) clearAdminToken();
        navigate("/admin/login", { replace: true });
      }
    }
    void check();
    return () => {
      cancelled = true;
    };
  }, [navigate, attempt]);

  if (!me && unreachable) {
    return (
      <main id="main" tabIndex={-1} className="outline-none">
        <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 text-center text-slate-700">
          <h1 className="text-xl font-bold text-slate-900">{adminShellCopy.checkUnreachableHeading}</h1>
          <p>{adminShellCopy.checkUnreachable}</p>
          <button
            type="button"
            onClick={() => {
              setUnreachable(false);
              setAttempt((count) => count + 1);
            }}
            className="rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
          >
            {adminShellCopy.checkAgain}
          </button>
        </div>
      </main>
    );
  }
  if (!me) {
    return (
      <main id="main" tabIndex={-1} className="outline-none">
        <AuthSpinner />
      </main>
    );
  }
  return (
    <SignedInPerson.Provider value={me}>
      <AdminShell>{children}</AdminShell>
    </SignedInPerson.Provider>
  );
}

export function AuthSpinner() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-slate-600">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-700"
      />
      <p>{authMessages.checking}</p>
    </div>
  );
}
