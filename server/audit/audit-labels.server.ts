import type { Role } from "../../domain/roles";
import { describeBrowser } from "../../domain/account";
import type { AuditAction, AuditEvent, AuditTargetKind } from "../../domain/audit";
import { displayAddress } from "../../domain/ip-address";
import { REPORT_STATUS_LABELS, type ReportStatus } from "../../domain/report-status";
import type { AppDatabase } from "../db/database.server";

/** An event as stored, before it is named for people. */
export type StoredAuditEvent = {
  at: string;
  action: AuditAction;
  target: string | null;
  ip: string | null;
  session: string | null;
  count: number;
  target_label: string | null;
  detail: string | null;
  session_label?: string | null;
  actor_id?: string | null;
  actor_name?: string | null;
  actor_role?: string | null;
};

/** What a stored target points at: a kind and an id to look up, and words around the name found. */
type ParsedTarget = { kind: AuditTargetKind | null; id: string | null; label: string | null; detail: string | null; wrap?: (name: string) => string };

const FACTOR_DOORS: Record<string, (name: string) => string> = {
  "factor.remove": (name) => `Removing “${name}”`,
  "passkey.remove": (name) => `Removing “${name}”`,
  "factor.verify": (name) => `Verifying “${name}”`,
};
const DOOR_LABELS: Record<string, string> = {
  "factor.add": "Adding an authenticator",
  "passkey.add": "Adding a passkey",
  "recovery_codes": "Making new recovery codes",
  "second-factor": "The account's code budget",
};
const LOGOUT_SCOPES: Record<string, string> = { local: "This session", others: "The other sessions", global: "Every session" };
const COMMAND_LINE: Record<string, string> = { "set-password": "From the command line", "reset-mfa": "From the command line" };
const LOGIN_LIMITS: Record<string, string> = { "admin-login": "Address", "admin-login:all": "Every address", "admin-login:device": "A browser that signed in before" };

const statusWords = (status: string) => REPORT_STATUS_LABELS[status as ReportStatus] ?? status;

/** Reads what a stored target is, by its action: old rows and new read the same. */
function parseTarget({ action, target, target_label: stored, detail }: StoredAuditEvent): ParsedTarget {
  const plain = { kind: null, id: null, label: stored ?? null, detail };
  if (!target) return plain;
  const [head] = action.split(".");
  if (head === "post" || action === "preview_link.created" || action === "preview_link.revoked") return { kind: "post", id: target, label: stored, detail };
  if (head === "page" || head === "page_preview_link") return { kind: "page", id: target, label: stored ?? target, detail };
  if (head === "report") {
    // Before decision 191 a status change was stored as "<id>: <status>".
    const legacy = /^([^:\s]+): (\w+)$/.exec(target);
    if (legacy) return { kind: "report", id: legacy[1]!, label: stored, detail: detail ?? statusWords(legacy[2]!) };
    return { kind: "report", id: target, label: stored, detail };
  }
  if (head === "passkey" || action === "login.passkey") return { kind: "passkey", id: target, label: stored, detail };
  if (head === "factor" || action === "login.success") return { kind: "factor", id: target, label: stored, detail };
  if (action === "session.ended") return { kind: "session", id: target, label: stored, detail };
  if (action === "message.read" || action === "message.unread") return { kind: "message", id: target, label: stored, detail };
  if (action === "messages.all_read") return { ...plain, label: `${target} messages` };
  if (action === "preview_links.revoked_all") return { ...plain, label: `${target} links` };
  if (action === "logout") return { ...plain, label: LOGOUT_SCOPES[target] ?? target };
  if (COMMAND_LINE[target]) return { ...plain, label: COMMAND_LINE[target] };
  if (action === "login.locked") {
    const [rule = "", who = ""] = target.split(" ", 2);
    const rest = target.slice(rule.length + 1);
    return { ...plain, label: `${LOGIN_LIMITS[rule] ?? rule}${who ? ` ${displayAddress(rest)}` : ""}` };
  }
  // A door of the account (decisions 170, 209): "factor.remove <id>", "passkey.remove <id>", "factor.add", "recovery_codes".
  const [door = "", factorId] = target.split(" ", 2);
  if (factorId && FACTOR_DOORS[door]) return { kind: door.startsWith("passkey") ? "passkey" : "factor", id: factorId, label: stored, detail, wrap: FACTOR_DOORS[door] };
  if (DOOR_LABELS[door]) return { ...plain, label: DOOR_LABELS[door] };
  return plain;
}

const sessionWords = (userAgent: string | null, ip: string | null) => `${describeBrowser(userAgent)}${ip ? `, ${displayAddress(ip)}` : ""}`;

type Named = { id: string; name: string };

/** How each kind of target is named from the database, for a set of ids at once. */
const NAME_QUERIES: Record<AuditTargetKind, (db: AppDatabase, ids: string[]) => Promise<Named[]>> = {
  post: (db, ids) => db.selectFrom("blog_posts").select(["id", "title as name"]).where("id", "in", ids).execute(),
  report: (db, ids) => db.selectFrom("security_reports").select(["id", "reference as name"]).where("id", "in", ids).execute(),
  factor: (db, ids) => db.selectFrom("admin_factors").select(["id", "friendly_name as name"]).where("id", "in", ids).execute(),
  passkey: (db, ids) => db.selectFrom("admin_passkeys").select(["id", "name"]).where("id", "in", ids).execute(),
  session: async (db, ids) =>
    (await db.selectFrom("admin_sessions").select(["id", "user_agent", "ip"]).where("id", "in", ids).execute()).map((row) => ({
      id: row.id ?? "",
      name: sessionWords(row.user_agent, row.ip),
    })),
  message: async (db, ids) =>
    (await db.selectFrom("contact_messages").select(["id", "name"]).where("id", "in", ids).execute()).map((row) => ({ id: row.id, name: `Message from ${row.name}` })),
  page: async (db, ids) => db.selectFrom("site_pages").select(["id", "path as name"]).where("id", "in", ids).execute(),
};

/**
 * The names an event keeps from when it is recorded (its target's and its session's), so that it
 * still reads the same once the authenticator is removed or the session has ended.
 */
export async function labelsAtWrite(
  db: AppDatabase,
  event: { action: AuditAction; target: string | null; session: string | null; label: string | null },
): Promise<{ target_label: string | null; session_label: string | null }> {
  const parsed = parseTarget({ ...event, at: "", ip: null, count: 1, target_label: event.label, detail: null });
  const [target, session] = await Promise.all([
    event.label === null && parsed.kind && parsed.id ? NAME_QUERIES[parsed.kind](db, [parsed.id]) : [],
    event.session ? NAME_QUERIES.session(db, [event.session]) : [],
  ]);
  return { target_label: event.label ?? target[0]?.name ?? null, session_label: session[0]?.name ?? null };
}

/**
 * Names a page of events for people: one query per kind of target, whatever the page holds (no
 * query per event); a target since deleted keeps the label stored when it was recorded.
 */
export async function labelEvents(db: AppDatabase, rows: StoredAuditEvent[]): Promise<AuditEvent[]> {
  const parsed = rows.map(parseTarget);
  const idsOf = (kind: AuditTargetKind) => [...new Set(parsed.filter((target) => target.kind === kind).map((target) => target.id!))];
  const sessionIds = [...new Set([...idsOf("session"), ...rows.map((row) => row.session).filter((id): id is string => Boolean(id))])];
  const named = (kind: AuditTargetKind, ids: string[]) => lookUp(ids, (some) => NAME_QUERIES[kind](db, some));
  const [posts, reports, factors, passkeys, sessions, messages] = await Promise.all([
    named("post", idsOf("post")),
    named("report", idsOf("report")),
    named("factor", idsOf("factor")),
    named("passkey", idsOf("passkey")),
    named("session", sessionIds),
    named("message", idsOf("message")),
  ]);
  const names: Record<AuditTargetKind, Map<string, string>> = { post: posts, report: reports, factor: factors, passkey: passkeys, session: sessions, message: messages, page: new Map() };
  return rows.map((row, index) => {
    const target = parsed[index]!;
    const found = target.kind && target.id ? names[target.kind].get(target.id) : undefined;
    const name = found ?? target.label;
    return {
      at: row.at,
      action: row.action,
      target: row.target,
      target_label: name ? (target.wrap ? target.wrap(name) : name) : null,
      // Only a target that still exists is linked.
      target_kind: found || target.kind === "page" ? target.kind : null,
      target_id: found || target.kind === "page" ? target.id : null,
      detail: target.detail,
      ip: row.ip === null ? null : displayAddress(row.ip),
      session: row.session,
      session_label: row.session ? (sessions.get(row.session) ?? row.session_label ?? null) : null,
      count: row.count,
      actor: row.actor_id && row.actor_name ? { id: row.actor_id, name: row.actor_name, role: row.actor_role as Role } : null,
    };
  });
}

/** Id to name for a set of ids, in one query (none for an empty set). */
async function lookUp(ids: string[], query: (ids: string[]) => Promise<{ id: string; name: string }[]>): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await query(ids)).map((row) => [row.id, row.name]));
}
