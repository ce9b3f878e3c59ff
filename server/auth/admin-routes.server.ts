import type { Response, Router } from "express";
import type { AuditEntry } from "../audit/audit.server";
import type { AppServices } from "../context.server";
import { requireAdmin } from "./require-admin.server";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** The admin doors of a router, each declared as Express declares a route. */
export type AdminRoutes = { [M in Method]: Router[M] };

/** An audit event as a door tells it: who acted and from where are the guard's to add. */
export type DoorAuditEntry = Omit<AuditEntry, "ip" | "session">;

/**
 * A router's admin doors, stated once: every route declared through the answer passes the one
 * guard (401 without a valid session, in the words given for its method, such as the
 * specification's "Authentication required to create posts"), which leaves the session and the
 * audit trail's `recordAudit` in `res.locals`. Answers are never stored: the API table says so
 * for every door under /api.
 */
export function adminRoutes(router: Router, services: Pick<AppServices, "db">, refusals: Partial<Record<Method, string>> = {}): AdminRoutes {
  const route = (method: Method) => {
    const guard = requireAdmin(services, refusals[method]);
    const declare = router[method].bind(router) as (path: string, ...handlers: unknown[]) => Router;
    return ((path: string, ...handlers: unknown[]) => declare(path, guard, ...handlers)) as unknown as Router[typeof method];
  };
  return { get: route("get"), post: route("post"), put: route("put"), patch: route("patch"), delete: route("delete") };
}

/** Records an audit event in the name of the session the door's guard found, from the client's address. */
export function recordAudit(res: Response, entry: DoorAuditEntry): Promise<void> {
  if (!res.locals.recordAudit) throw new Error("recordAudit is for admin doors: their guard names who acted");
  return res.locals.recordAudit(entry);
}
