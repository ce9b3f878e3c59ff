import type { Response, Router } from "express";
import type { AdminAction } from "../../domain/roles";
import type { AuditEntry } from "../audit/audit.server";
import type { AppServices } from "../context.server";
import { requireAdmin } from "./require-admin.server";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** The admin doors of a router that do one action, each declared as Express declares a route. */
export type AdminRoutes = { [M in Method]: Router[M] };

/** An audit event as a door tells it: who acted and from where are the guard's to add. */
export type DoorAuditEntry = Omit<AuditEntry, "ip" | "session" | "personId">;

/**
 * A router's admin doors, stated once: `admin.door("posts.read").get(path, …)` declares a route
 * behind the one guard, which lets through a session whose role the policy allows that action
 * (domain/roles.ts), answers 401 without a valid session (in the words given for its method,
 * such as the specification's "Authentication required to create posts") and 403 naming what
 * the role may not do, and leaves the session and the audit trail's `recordAudit` in
 * `res.locals`. Answers are never stored: the API table says so for every door under /api.
 */
export function adminRoutes(router: Router, services: Pick<AppServices, "db">, refusals: Partial<Record<Method, string>> = {}) {
  const route = (method: Method, action: AdminAction) => {
    const guard = requireAdmin(services, action, refusals[method]);
    const declare = router[method].bind(router) as (path: string, ...handlers: unknown[]) => Router;
    return ((path: string, ...handlers: unknown[]) => declare(path, guard, ...handlers)) as unknown as Router[typeof method];
  };
  return {
    door: (action: AdminAction): AdminRoutes => ({
      get: route("get", action),
      post: route("post", action),
      put: route("put", action),
      patch: route("patch", action),
      delete: route("delete", action),
    }),
  };
}

/** Records an audit event in the name of the session the door's guard found, from the client's address. */
export function recordAudit(res: Response, entry: DoorAuditEntry): Promise<void> {
  if (!res.locals.recordAudit) throw new Error("recordAudit is for admin doors: their guard names who acted");
  return res.locals.recordAudit(entry);
}
