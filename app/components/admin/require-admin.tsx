import { useEffect, useState } from "react";
import type { Me } from "../../../domain/people";
import { SignedInPerson } from "../../lib/admin/signed-in-person";
import { useNavigate } from "react-router";
import { authMessages } from "../../../domain/auth";
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

  useEffect(() => {
    let cancelled = false;
    async function check() {
      const token = readAdminToken();
      const person = token ? await adminApi.whoIs(token) : undefined;
      if (cancelled) return;
      if (person) {
        setMe(person);
      } else {
        if (token) clearAdminToken();
        navigate("/admin/login", { replace: true });
      }
    }
    void check();
    return () => {
      cancelled = true;
    };
  }, [navigate]);

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
