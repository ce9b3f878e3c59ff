import type { Kysely } from "kysely";
import type { Config } from "../config.server";
import type { Database } from "../db/schema";
import { enqueueEmail } from "../mail/outbox.server";
import { rewriteHeldEmail } from "./held-email.server";
import { reporterRepliesEmail, withAnotherMessage, type DigestReport, type ReporterMessage } from "./disclosure-emails.server";

/** The team hears of one case's replies at most once in this long (docs/decisions/176). */
export const TEAM_DIGEST_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Tells the team of a reporter's message, inside the transaction that stores it. The first
 * message of a quiet case goes at once; later ones gather in one outbox email held until an
 * interval after the previous one. `atOnce` (an answer to "needs more information",
 * docs/decisions/213) sends the held email now with this message in it, or a new one now; the
 * interval then counts from it. The report row is written first, so replies to one case (from any
 * process) wait for each other and find the same held email; the outbox workers send it when it
 * is due, like any other.
 */
export async function tellTeamOfReply(
  trx: Kysely<Database>,
  config: Pick<Config, "mail" | "public">,
  report: DigestReport,
  message: ReporterMessage,
  { atOnce = false }: { atOnce?: boolean } = {},
): Promise<void> {
  const now = message.at;
  await trx.updateTable("security_reports").set({ awaiting_team: 1, updated_at: now.toISOString() }).where("id", "=", report.id).execute();
  const digest = await trx
    .selectFrom("security_reports")
    .select(["team_digest_id", "team_digest_at"])
    .where("id", "=", report.id)
    .executeTakeFirstOrThrow();
  const added =
    digest.team_digest_id &&
    (await rewriteHeldEmail(trx, digest.team_digest_id, now, (held) => ({ ...held, text: withAnotherMessage(held.text, message) }), atOnce ? now : undefined));
  if (added && !atOnce) return;
  const previous = digest.team_digest_at ? Date.parse(digest.team_digest_at) : Number.NEGATIVE_INFINITY;
  const sendAt = atOnce ? now : new Date(Math.max(now.getTime(), previous + TEAM_DIGEST_INTERVAL_MS));
  const id = added ? digest.team_digest_id! : await enqueueEmail(trx, reporterRepliesEmail(config, report, message), { notBefore: sendAt });
  await trx
    .updateTable("security_reports")
    .set({ team_digest_id: id, team_digest_at: sendAt.toISOString() })
    .where("id", "=", report.id)
    .execute();
}
