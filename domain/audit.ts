import type { Actor } from "./roles";
import { assertNever } from "./exhaustive";

/** Every action the audit trail records (docs/decisions/152, 191), with the words the admin page shows. */
export const AUDIT_ACTION_LABELS = {
  "login.success": "Signed in",
  "login.passkey": "Signed in with a passkey",
  "login.passkey_refused": "Passkey refused at sign-in",
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
  "passkey.added": "Passkey added",
  "passkey.renamed": "Passkey renamed",
  "passkey.removed": "Passkey removed",
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
  "post.unscheduled": "Post unscheduled",
  "post.restored": "Post restored from a revision",
  "post.deleted": "Post deleted",
  "post.submitted_for_review": "Post submitted for review",
  "post.returned": "Post sent back for changes",
  "preview_link.created": "Preview link made",
  "preview_link.revoked": "Preview link revoked",
  "preview_links.revoked_all": "Every preview link revoked",
  "page.created": "Page created",
  "page.updated": "Page updated",
  "page.published": "Page published",
  "page.unpublished": "Page unpublished",
  "page.restored": "Page restored from a revision",
  "page.deleted": "Page deleted",
  "page_preview_link.created": "Page preview link made",
  "page_preview_link.revoked": "Page preview link revoked",
  "navigation.saved": "Menus saved and published",
  "navigation.restored": "Menus restored from a revision",
  "form.created": "Form created",
  "form.updated": "Form changed",
  "form.deleted": "Form deleted",
  "report.status_changed": "Report status changed",
  "report.assessed": "Report assessed",
  "report.message_sent": "Message sent to the reporter",
  "report.case_links_ended": "Every case link ended",
  "report.assigned": "Report assigned",
  "report.note_added": "Internal note added",
  "message.read": "Message marked read",
  "message.unread": "Message marked unread",
  "messages.all_read": "All messages marked read",
  "person.invited": "Person invited",
  "person.invitation_renewed": "Invitation sent again",
  "person.joined": "Invitation taken",
  "person.changed": "Person's role or name changed",
  "person.removed": "Person removed",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** Kinds of event, what the trail's first filter offers: each action belongs to one. */
export const AUDIT_KIND_LABELS = {
  "sign-in": "Sign-in and sign-out",
  "second-factor": "Authenticators, passkeys and codes",
  "account": "Sessions and password",
  "posts": "Posts and preview links",
  "pages": "Pages",
  "reports": "Security reports",
  "messages": "Contact messages",
  "people": "People and roles",
} as const;

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as AuditKind[];

/** An action's first word: the kind it belongs to is decided by it. */
type HeadOf<Action extends string> = Action extends `${infer Head}.${string}` ? Head : Action;
type AuditActionHead = HeadOf<AuditAction>;

/** The kind of each first word: a new word cannot compile without one (never a default). */
const AUDIT_HEAD_KINDS: Record<AuditActionHead, AuditKind> = {
  login: "sign-in",
  logout: "sign-in",
  code: "second-factor",
  step_up: "second-factor",
  mfa: "second-factor",
  factor: "second-factor",
  passkey: "second-factor",
  recovery_codes: "second-factor",
  recovery_code: "second-factor",
  session: "account",
  password: "account",
  post: "posts",
  preview_link: "posts",
  preview_links: "posts",
  page: "pages",
  page_preview_link: "pages",
  navigation: "pages",
  form: "pages",
  report: "reports",
  message: "messages",
  messages: "messages",
  person: "people",
};

/** The kind of an action, by its first word. */
export function auditKindOf(action: AuditAction): AuditKind {
  return AUDIT_HEAD_KINDS[action.split(".")[0] as AuditActionHead];
}

export const actionsOfKind = (kind: AuditKind): AuditAction[] => AUDIT_ACTIONS.filter((action) => auditKindOf(action) === kind);

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === "string" && (AUDIT_KINDS as readonly string[]).includes(value);
}

/** What a target is, for its label and its link: resolved on the server (docs/decisions/191). */
export type AuditTargetKind = "post" | "page" | "report" | "factor" | "passkey" | "session" | "message";

export const AUDIT_PAGE_SIZE = 50;

/**
 * `count`: how many refusals a lockout event stands for (one event per client key and window); 1 otherwise.
 * `target_label`: the target as a person names it (a post's title, a report's reference, a page's
 * address, a session's browser and address), or null when there is nothing better than `target`.
 * `target_kind` and `target_id`: what `target_label` names, for a link; `detail`: what changed (a
 * report's new status, its severity), in words.
 */
export type AuditEvent = {
  at: string;
  action: AuditAction;
  target: string | null;
  target_label: string | null;
  target_kind: AuditTargetKind | null;
  target_id: string | null;
  detail: string | null;
  ip: string | null;
  session: string | null;
  session_label: string | null;
  count: number;
  /** Who acted, by name and role as they were then (kept after the person is removed). */
  actor: Actor | null;
};
export type AuditPage = { items: AuditEvent[]; page: number; totalPages: number };

/** The admin screen a target opens, if it has one. */
export function auditTargetHref(kind: AuditTargetKind | null, id: string | null): string | undefined {
  if (!kind || !id) return undefined;
  switch (kind) {
    case "post":
      return `/admin/blog/edit/${encodeURIComponent(id)}`;
    case "report":
      return `/admin/reports/${encodeURIComponent(id)}`;
    case "page":
      return id.startsWith("/") ? id : undefined;
    case "factor":
      return "/admin/account#factors-heading";
    case "passkey":
      return "/admin/account#passkeys-heading";
    case "session":
      return "/admin/account#sessions-heading";
    case "message":
      return "/admin/messages";
    default:
      return assertNever(kind, "audit target kind");
  }
}
