import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { CASE_TOKEN_PATTERN, casePath, type CaseLinkIssuedFor, type CaseLinkView } from "../../domain/disclosure-case";
import type { Config } from "../config.server";
import type { Database } from "../db/schema";

/**
 * A reporter's case links (docs/decisions/144, 177): 256 random bits each, kept only as SHA-256,
 * so the database alone opens no case. Every email to the reporter carries a link of its own (we
 * cannot send back a token we do not keep). A link asked for by reference and address ends the
 * links issued before it only when it is first used, so whoever knows that pair cannot cut the
 * reporter off; the holder of a link can end the ones issued before it, and the team all of them.
 */
export function caseTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Stores a new link for the report, inside the caller's transaction; answers its full URL. */
export async function mintCaseLink(
  db: Kysely<Database>,
  config: Pick<Config, "public">,
  reportId: string,
  issuedFor: CaseLinkIssuedFor,
  now = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("report_case_tokens")
    .values({ token_hash: caseTokenHash(token), report_id: reportId, created_at: now.toISOString(), issued_for: issuedFor })
    .execute();
  return `${config.public.siteUrl}${casePath(token)}`;
}

export type CaseLink = { tokenHash: string; reportId: string; issuedFor: string | null; createdAt: string; lastUsedAt: string | null };

/** The link a token is, if any: a malformed token is not even looked up. */
export async function findCaseLink(db: Kysely<Database>, token: string): Promise<CaseLink | undefined> {
  if (!CASE_TOKEN_PATTERN.test(token)) return undefined;
  const tokenHash = caseTokenHash(token);
  const row = await db
    .selectFrom("report_case_tokens")
    .select(["report_id", "issued_for", "created_at", "last_used_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row && { tokenHash, reportId: row.report_id, issuedFor: row.issued_for, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** `last_used_at` is written at most this often per link: a page view is not a write each time. */
const USE_RECORDED_EVERY_MS = 60 * 1000;

/**
 * Notes that the link opened its case. The first use of a link the reporter asked for ends every
 * link of the report issued before it: the reporter has the new one in hand.
 */
export async function recordCaseLinkUse(db: Kysely<Database>, link: CaseLink, now = new Date()): Promise<void> {
  if (link.issuedFor === "request" && link.lastUsedAt === null) {
    await db
      .deleteFrom("report_case_tokens")
      .where("report_id", "=", link.reportId)
      .where("token_hash", "<>", link.tokenHash)
      .where("created_at", "<=", link.createdAt)
      .execute();
  }
  if (link.lastUsedAt !== null && now.getTime() - Date.parse(link.lastUsedAt) < USE_RECORDED_EVERY_MS) return;
  await db.updateTable("report_case_tokens").set({ last_used_at: now.toISOString() }).where("token_hash", "=", link.tokenHash).execute();
}

/** The report's links, newest first, the one in use marked. */
export async function listCaseLinks(db: Kysely<Database>, reportId: string, currentHash: string | undefined): Promise<CaseLinkView[]> {
  const rows = await db
    .selectFrom("report_case_tokens")
    .select(["token_hash", "issued_for", "created_at", "last_used_at"])
    .where("report_id", "=", reportId)
    .orderBy("created_at", "desc")
    .orderBy("token_hash")
    .execute();
  return rows.map((row) => ({
    issuedAt: row.created_at,
    issuedFor: (row.issued_for as CaseLinkIssuedFor | null) ?? null,
    lastUsedAt: row.last_used_at,
    current: row.token_hash === currentHash,
  }));
}

/**
 * Ends the report's links issued before the one in use; answers how many ended. Never a newer
 * one: a leaked old link must not end the link the reporter asked for to replace it.
 */
export async function endOtherCaseLinks(db: Kysely<Database>, reportId: string, currentHash: string): Promise<number> {
  const result = await db
    .deleteFrom("report_case_tokens")
    .where("report_id", "=", reportId)
    .where("token_hash", "<>", currentHash)
    .where("created_at", "<", (eb) => eb.selectFrom("report_case_tokens").select("created_at").where("token_hash", "=", currentHash))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every link of the report (the team's revoke); the reporter can ask for a new one by reference. */
export async function endAllCaseLinks(db: Kysely<Database>, reportId: string): Promise<number> {
  const result = await db.deleteFrom("report_case_tokens").where("report_id", "=", reportId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
