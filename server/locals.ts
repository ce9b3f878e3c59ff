import type { AdminSession } from "./auth/admin-auth.server";
import type { DoorAuditEntry } from "./auth/admin-routes.server";

/** Everything a request handler may leave in `res.locals` for later ones, declared once. */
declare module "express-serve-static-core" {
  interface Locals {
    /** This response's nonce for the scripts React renders; uncached pages only (security-headers.server.ts). */
    cspNonce?: string;
    /** Set by requireAdmin for the rest of the request. */
    adminSession?: AdminSession;
    /** Set by requireAdmin: records an audit event in the name of the session and the client's address. */
    recordAudit?: (entry: DoorAuditEntry) => Promise<void>;
    /** Set by a rate limit that lets the page answer: the message to show. */
    rateLimited?: string;
    /** Set by the case doors once a case link opened its report (disclosure/case-api.server.ts). */
    reportId?: string;
    /** The hash of the case link that opened it, beside `reportId`. */
    linkHash?: string;
  }
}
