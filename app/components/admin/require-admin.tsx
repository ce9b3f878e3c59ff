import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { authMessages } from "../../../domain/auth";
import { AdminShell } from "./admin-shell";
import { adminApi } from "../../lib/admin/client";
import { clearAdminToken, readAdminToken } from "../../lib/admin/session";

/**
 * Wraps every protected admin screen: while the stored token is verified it shows
 * 'Checking authentication...'; without a valid token it removes it and replaces the location
 * with /admin/login. The server guards every admin endpoint on its own as well.
 */
export function RequireAdmin({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<"checking" | "authenticated">("checking");

  useEffect(() => {
    let cancelled = false;
    async function check() {
      const token = readAdminToken();
      const valid = token ? await adminApi.verify(token) : false;
      if (cancelled) return;
      if (valid) {
        setState("authenticated");
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

  if (state === "checking") {
    return (
      <main id="main" tabIndex={-1} className="outline-none">
        <AuthSpinner />
      </main>
    );
  }
  return <AdminShell>{children}</AdminShell>;
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
