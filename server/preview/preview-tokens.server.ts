import crypto from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import { OWNER_ID } from "../../domain/people";
import { PREVIEW_TOKEN_PATTERN, WORKFLOW_LIMITS, previewPath, type PreviewPurpose } from "../../domain/post-workflow";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

/**
 * What posts' and pages' private preview links share (docs/decisions/121): an unguessable token
 * stored only as its SHA-256, an expiry by purpose, a cap on the links one post or page may have
 * working at once. Each keeps its links in its own table.
 */

export function hashPreviewToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A new link's token (shown once), its stored hash, its address and its times. */
export type IssuedPreviewToken = { id: string; token: string; token_hash: string; path: string; created_at: string; expires_at: string };

export function issuePreviewToken(purpose: PreviewPurpose, now = new Date()): IssuedPreviewToken {
  const hours = purpose === "editor" ? WORKFLOW_LIMITS.editorPreviewHours : WORKFLOW_LIMITS.previewLinkHours;
  const token = crypto.randomBytes(32).toString("base64url");
  return {
    id: crypto.randomUUID(),
    token,
    token_hash: hashPreviewToken(token),
    path: previewPath(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + hours * 3_600_000).toISOString(),
  };
}

/** Whether one more link may be made beside `active` working ones. */
export function mayIssuePreviewLink(active: number): boolean {
  return active < WORKFLOW_LIMITS.previewLinksPerPost;
}

/** The hash to look a token up by, or undefined for a string that cannot be a token. */
function lookupHash(token: string): string | undefined {
  return PREVIEW_TOKEN_PATTERN.test(token) ? hashPreviewToken(token) : undefined;
}

/** A stored link still opens its preview: not revoked, not expired. */
function isWorkingLink(link: { expires_at: string; revoked_at: string | null }, now = new Date()): boolean {
  return link.revoked_at === null && link.expires_at > now.toISOString();
}

/** The tables of preview links: a post's and a page's, alike but for their owner's column. */
type LinkTable = "post_preview_links" | "page_preview_links";

/** The working link a token opens, as stored, or undefined for an unknown, expired or revoked token. */
export async function findWorkingLink<T extends LinkTable>(db: AppDatabase, table: T, token: string, now = new Date()): Promise<Selectable<Database[T]> | undefined> {
  const hash = lookupHash(token);
  if (!hash) return undefined;
  const link = await db.selectFrom(table as LinkTable).selectAll().where("token_hash", "=", hash).executeTakeFirst();
  return link && isWorkingLink(link, now) ? (link as Selectable<Database[T]>) : undefined;
}

/** Revokes every link of a table at once (expired ones too, so none is left unrevoked); counts those that still worked. */
export async function revokeEveryLink(db: AppDatabase | Transaction<Database>, table: LinkTable, now = new Date(), madeBy?: string): Promise<number> {
  const nowText = now.toISOString();
  const revoked = await db
    .updateTable(table)
    .set({ revoked_at: nowText })
    .where("revoked_at", "is", null)
    // The owner's links include those made before people existed (no maker recorded).
    .$if(madeBy !== undefined, (query) =>
      query.where((eb) => (madeBy === OWNER_ID ? eb.or([eb("created_by", "=", madeBy), eb("created_by", "is", null)]) : eb("created_by", "=", madeBy!))),
    )
    .returning("expires_at")
    .execute();
  return revoked.filter((link) => link.expires_at > nowText).length;
}
