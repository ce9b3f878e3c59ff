import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { adminToasts } from "../../../domain/admin-messages";
import { adminApi } from "./client";
import { clearAdminToken } from "./session";

/** The one logout: ends the session on the server, forgets the token, says 'Logged out', goes to the login. */
export function useAdminLogout(): (scope?: "local" | "global") => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async (scope: "local" | "global" = "local") => {
    await adminApi.logout(scope);
    clearAdminToken();
    toast.success(adminToasts.loggedOut.title);
    void navigate("/admin/login");
  }, [navigate]);
}
