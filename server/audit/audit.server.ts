import crypto from "node:crypto";
import type { AppDatabase } from "../db/database.server";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, actionsOfKind, type AuditAction, type AuditKind, type AuditPage } from "../../domain/audit";
import { labelEvents, labelsAtWrite } from "./audit-labels.server";
import { namesOfPeople } from "../people/people.server";

/** What one recorded event says: never a secret (a password, a code, a token), only names and ids. */
export type AuditEntry = {
  action: AuditAction;
  /** What was acted on: a post's id, a report's, a factor's, a session's. */
  target?: string | null;
  /** The client address the request came from. */
  ip?: string | null;
  /** The public id of the admin session that acted (or was opened), if any. */
  session?: string | null;
  /** The target's name now (a post's title, a report's reference), shown once the target is gone (decision 191). */
  label?: string | null;
  /** What changed, in words: a report's new status, its severity. */
  detail?: string | null;
  /** The person who acted (or signed in); their name and role are kept as they are now. */
  personId?: string | null;
};

const MAX_FIELD = 200;

/**
 * Records one event of the audit trail (docs/decisions/152). Every door calls it after the change
 * it reports was made; a failure to record is not hidden from the caller.
 */
export async function record(db: AppDatabase, { action, target, ip, session, label, detail, personId }: AuditEntry, now = new Date()): Promise<void> {
  // The names as they are now: the event reads the same once its target, session or person is gone.
  const labels = await labelsAtWrite(db, { action, target: clip(target), session: clip(session), label: clip(label) });
  const actor = personId ? (await namesOfPeople(db, [personId])).get(personId) : undefined;
  await db
    .insertInto("audit_events")
    .values({
      id: crypto.randomUUID(),
      at: now.toISOString(),
      action,
      target: clip(target),
      ip: clip(ip),
      session: clip(session),
      target_label: clip(labels.target_label),
      session_label: clip(labels.session_label),
      detail: clip(detail),
      actor_id: actor ? personId : null,
      actor_name: clip(actor?.name),
      actor_role: actor?.role ?? null,
    })
    .execute();
}

/**
 * Records a refusal by a limit as one event per limited key and window (decision 171): the first
 * refusal writes the event, later ones in the same window add to its count in one UPDATE. A flood
 * of refused requests then costs a row per window, not a row per request.
 */
export async function recordLockout(
  db: AppDatabase,
  { action, target, ip, session, personId }: AuditEntry & { target: string },
  windowMs: number,
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const counted = await db
    .updateTable("audit_events")
    .set((eb) => ({ count: eb("count", "+", 1) }))
    .where("action", "=", action)
    .where("target", "=", clip(target))
    .where("at", ">", since)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) > 0) return;
  await record(db, { action, target, ip, session, personId }, now);
}

function clip(value: string | null | undefined): string | null {
  return value ? value.slice(0, MAX_FIELD) : null;
}

export type AuditFilter = {
  page?: number;
  action?: AuditAction;
  kind?: AuditKind;
  /** ISO instants: events at or after `from`, before `to`. */
  from?: string;
  to?: string;
  /** Events of one person (their id). */
  actor?: string;
};

/**
 * One page of the trail, newest first, optionally of one action or kind and within dates; each
 * event's target and session named as a person would (docs/decisions/191).
 */
export async function listAuditEvents(db: AppDatabase, { page = 1, action, kind, from, to, actor }: AuditFilter = {}): Promise<AuditPage> {
  let query = db.selectFrom("audit_events");
  if (actor) query = query.where("actor_id", "=", actor);
  if (action) query = query.where("action", "=", action);
  if (kind) query = query.where("action", "in", actionsOfKind(kind));
  if (from) query = query.where("at", ">=", from);
  if (to) query = query.where("at", "<", to);
  const { count } = await query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const totalPages = Math.max(1, Math.ceil(Number(count) / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = await query
    .select(["at", "action", "target", "ip", "session", "count", "target_label", "detail", "session_label", "actor_id", "actor_name", "actor_role"])
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((current - 1) * AUDIT_PAGE_SIZE)
    .execute();
  const items = await labelEvents(db, rows.map((row) => ({ ...row, action: row.action as AuditAction, count: Number(row.count) })));
  return { items, page: current, totalPages };
}

/** Deletes the events older than the retention; answers how many went. */
export async function purgeAuditEvents(db: AppDatabase, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  const result = await db.deleteFrom("audit_events").where("at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** The one entry point doors use: `audit.record(db, { action, target, ip, session })`. */
export const audit = { record, recordLockout };
