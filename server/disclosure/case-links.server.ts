import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { CASE_TOKEN_PATTERN, casePath } from "../../domain/disclosure-case";
import type { Config } from "../config.server";
import type { Database } from "../db/schema";

/**
 * A reporter's case links (docs/decisions/144): 256 random bits each, kept only as SHA-256, so
 * the database alone opens no case. Every email to the reporter carries a link of its own (we
 * cannot send back a token we do not keep); all of a report's links work until the reporter
 * asks for a new one, which ends them.
 */
export function caseTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Stores a new link for the report, inside the caller's transaction; answers its full URL. */
export async function mintCaseLink(
  db: Kysely<Database>,
  config: Pick<Config, "public">,
  reportId: string,
  now = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("report_case_tokens")
    .values({ token_hash: caseTokenHash(token), report_id: reportId, created_at: now.toISOString() })
    .execute();
  return `${config.public.siteUrl}${casePath(token)}`;
}

/** The report a token opens, if any: a malformed token is not even looked up. */
export async function reportIdForToken(db: Kysely<Database>, token: string): Promise<string | undefined> {
  if (!CASE_TOKEN_PATTERN.test(token)) return undefined;
  const row = await db
    .selectFrom("report_case_tokens")
    .select("report_id")
    .where("token_hash", "=", caseTokenHash(token))
    .executeTakeFirst();
  return row?.report_id;
}

/** Ends every link of a report (a new one is then sent). */
export async function revokeCaseLinks(db: Kysely<Database>, reportId: string): Promise<void> {
  await db.deleteFrom("report_case_tokens").where("report_id", "=", reportId).execute();
}
