import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

type HeldEmail = { subject: string; text: string };

/**
 * Rewrites an outbox email while it is still held: pending, not yet due and claimed by no worker
 * (a worker claims only what is due, so a held email cannot be mid-send). Both digests of a case
 * gather their news this way (docs/decisions/176 and 188). `dueAt` sends it sooner than it was
 * held for (docs/decisions/213). Answers whether it was still held.
 */
export async function rewriteHeldEmail(
  trx: Kysely<Database>,
  outboxId: string,
  now: Date,
  rewrite: (email: HeldEmail) => HeldEmail,
  dueAt?: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const held = await trx
    .selectFrom("mail_outbox")
    .select(["subject", "text_body"])
    .where("id", "=", outboxId)
    .where("status", "=", "pending")
    .where("claimed_by", "is", null)
    .where("next_attempt_at", ">", at)
    .executeTakeFirst();
  if (!held) return false;
  const next = rewrite({ subject: held.subject, text: held.text_body });
  const result = await trx
    .updateTable("mail_outbox")
    .set({ subject: next.subject, text_body: next.text, ...(dueAt ? { next_attempt_at: dueAt.toISOString() } : {}) })
    .where("id", "=", outboxId)
    .where("status", "=", "pending")
    .where("claimed_by", "is", null)
    .where("next_attempt_at", ">", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
