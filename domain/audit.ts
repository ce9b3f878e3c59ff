/** Every action the audit trail records (docs/decisions/152), with the words the admin page shows. */
export const AUDIT_ACTION_LABELS = {
  "login.success": "Signed in",
  "login.wrong_password": "Wrong password",
  "login.wrong_code": "Wrong authentication code",
  "login.locked": "Sign-in refused (too many attempts)",
  "code.wrong": "Wrong code for an account change",
  "code.locked": "Code refused (too many wrong codes)",
  "step_up.wrong_password": "Wrong password for an account change",
  "mfa.alert_sent": "Security contact told of code guessing",
  "mfa.reset": "Authenticators reset by the operator",
  "logout": "Signed out",
  "session.ended": "Session ended",
  "factor.enrolled": "Authenticator added",
  "factor.verified": "Authenticator verified",
  "factor.deleted": "Authenticator removed",
  "recovery_codes.generated": "Recovery codes generated",
  "recovery_code.used": "Recovery code used",
  "password.changed": "Password changed",
  "post.created": "Post created",
  "post.updated": "Post updated",
  "post.published": "Post published",
  "post.unpublished": "Post unpublished",
  "post.featured": "Post featured",
  "post.unfeatured": "Post unfeatured",
  "post.scheduled": "Post scheduled",
  "post.restored": "Post restored from a revision",
  "post.deleted": "Post deleted",
  "report.status_changed": "Report status changed",
  "message.read": "Message marked read",
  "message.unread": "Message marked unread",
  "messages.all_read": "All messages marked read",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export const AUDIT_PAGE_SIZE = 50;

/** `count`: how many refusals a lockout event stands for (one event per client key and window); 1 otherwise. */
export type AuditEvent = { at: string; action: AuditAction; target: string | null; ip: string | null; session: string | null; count: number };
export type AuditPage = { items: AuditEvent[]; page: number; totalPages: number };
