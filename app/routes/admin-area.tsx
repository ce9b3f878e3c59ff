import { Outlet } from "react-router";
import { RequireAdmin } from "../components/admin/require-admin";

/** Marks the matched routes as the signed-in admin area: root draws no marketing chrome for them. */
export const handle = { adminArea: true };

/**
 * Every signed-in admin screen sits in this layout: the session is checked once on entering the
 * area, and the admin bar stays mounted while one moves between screens (a session that ends
 * meanwhile is met by the next admin call, which sends the visitor to the login).
 */
export default function AdminArea() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
