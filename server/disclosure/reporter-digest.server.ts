import type { Kysely } from "kysely";
import type { Config } from "../config.server";
import type { Database } from "../db/schema";
import type { CaseLinkIssuedFor } from "../../domain/disclosure-case";
import { enqueueEmail } from "../mail/outbox.server";
import { mintCaseLink } from "../reports/case-links.server";
import { caseNewsEmail, withMoreNews, type CaseNews } from "./disclosure-emails.server";
import { rewriteHeldEmail } from "./held-email.server";

type NewsReport = { id: string; reference: string; reporter_email: string };

/**
 * Tells the reporter of a team change, inside the transaction that makes it
 * (docs/decisions/188): the first change of a quiet case starts an outbox email held for the
 * digest's interval, with a case link of its own; changes while it is held are added to it. The
 * report row is written by the caller first, so concurrent changes find the same held email.
 */
export async function tellReporter(
  trx: Kysely<Database>,
  config: Pick<Config, "mail" | "public" | "disclosure">,
  report: NewsReport,
  news: CaseNews,
  now: Date,
): Promise<void> {
  const { reporter_digest_id: heldId } = await trx
    .selectFrom("security_reports")
    .select("reporter_digest_id")
    .where("id", "=", report.id)
    .executeTakeFirstOrThrow();
  if (heldId && (await rewriteHeldEmail(trx, heldId, now, (held) => withMoreNews(held, report.reference, news)))) return;
  const issuedFor: CaseLinkIssuedFor = news.kind === "message" ? "message" : "status";
  const caseUrl = await mintCaseLink(trx, config, report.id, issuedFor, now);
  const email = caseNewsEmail(config, { to: report.reporter_email, reference: report.reference, news, caseUrl });
  const id = await enqueueEmail(trx, email, { notBefore: new Date(now.getTime() + config.disclosure.reporterDigestMs) });
  await trx.updateTable("security_reports").set({ reporter_digest_id: id }).where("id", "=", report.id).execute();
}
