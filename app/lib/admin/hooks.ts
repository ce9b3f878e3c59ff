import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { authMessages } from "../../../domain/auth";
import type { AdminApiResult } from "./client";
import { clearAdminToken } from "./session";

/**
 * Wraps admin API calls. The one place a 401 is handled: the session ended elsewhere (logout in
 * another tab, expiry, revocation), so the token is forgotten and the login screen replaces this
 * one. Callers then see the failed result and need not look at its status.
 */
export function useAdminCall(): <T>(request: Promise<AdminApiResult<T>>) => Promise<AdminApiResult<T>> {
  const navigate = useNavigate();
  return useCallback(
    async <T,>(request: Promise<AdminApiResult<T>>) => {
      const result = await request;
      if (!result.ok && result.status === 401) {
        clearAdminToken();
        toast.error(authMessages.required);
        void navigate("/admin/login", { replace: true });
      }
      return result;
    },
    [navigate],
  );
}

export type AdminQuery<T> =
  | { status: "loading" }
  | { status: "failed"; code: number; error?: string; fields?: Record<string, string> }
  | { status: "ready"; data: T };

/**
 * Loads one admin resource, named by `key`: loading while the key is new, then ready or failed
 * (a 401 leaves it loading while the login screen takes over). `update` edits the loaded data in
 * place; `reload` fetches again without going back to loading.
 */
export function useAdminQuery<T>(key: string, load: () => Promise<AdminApiResult<T>>) {
  const run = useAdminCall();
  const loadRef = useRef(load);
  loadRef.current = load;
  const [state, setState] = useState<AdminQuery<T> & { key: string }>({ status: "loading", key });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState((current) => (current.key === key ? current : { status: "loading", key }));
    void run(loadRef.current()).then((result) => {
      if (cancelled) return;
      if (result.ok) setState({ status: "ready", data: result.data, key });
      else if (result.status !== 401) setState({ status: "failed", code: result.status, error: result.error, fields: result.fields, key });
    });
    return () => {
      cancelled = true;
    };
  }, [key, version, run]);

  const update = useCallback((change: (data: T) => T) => {
    setState((current) => (current.status === "ready" ? { ...current, data: change(current.data) } : current));
  }, []);
  const reload = useCallback(() => setVersion((each) => each + 1), []);

  const query: AdminQuery<T> = state;
  return { query, update, reload };
}
