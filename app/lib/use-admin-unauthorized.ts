import { useCallback } from "react";
import { useNavigate } from "react-router";
import { clearAdminToken } from "./admin-session";

/**
 * Handles an admin API answer's status: a 401 means the session ended elsewhere (logout in
 * another tab, expiry), so the token is forgotten and the login screen replaces this one.
 * Returns whether that happened.
 */
export function useAdminUnauthorized(): (status: number) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (status: number) => {
      if (status !== 401) return false;
      clearAdminToken();
      navigate("/admin/login", { replace: true });
      return true;
    },
    [navigate],
  );
}
