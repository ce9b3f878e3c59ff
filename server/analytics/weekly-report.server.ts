import type { AnalyticsPeriod } from "../../domain/analytics";
import { dueReportWeek, nextReportDueAt } from "../../domain/analytics-week";
import type { AppServices } from "../context.server";
import type { AppDatabase } from "../db/database.server";
import { enqueueEmail, notifyOutbox, type OutgoingEmail } from "../mail/outbox.server";
import { analyticsReport } from "./analytics-report.server";
import { weeklyReportEmail } from "./weekly-report-email.server";

export type WeeklyReportOutcome = "off" | "not due" | "already queued" | "queued";

/**
 * Queues the weekly analytics email when one is due (docs/decisions/186): once per week, to every
 * ANALYTICS_REPORT_TO address, with the figures of the dashboard's own report of that week.
 * Every process runs this (`startWeeklyReports`); the week's row in
 * `analytics_weekly_reports` is the claim (docs/decisions/187): it is inserted in the transaction
 * that queues the emails, so of any number of processes exactly one queues them, and the outbox
 * workers deliver each once.
 */
export async function queueWeeklyReport({ db, config }: Pick<AppServices, "db" | "config">, now = Date.now()): Promise<WeeklyReportOutcome> {
  if (config.analyticsReportTo.length === 0) return "off";
  const week = dueReportWeek(now);
  if (!week) return "not due";
  // A cheap look first: the report is only worked out by a process that may still send it.
  if (await isQueued(db, week.from)) return "already queued";
  const report = await analyticsReport(db, week);
  const emails = config.analyticsReportTo.map((to) => weeklyReportEmail(config.public, report, to));
  const queued = await queueOnce(db, week, emails, now);
  if (!queued) return "already queued";
  notifyOutbox();
  return "queued";
}

/**
 * Claims a week and queues its emails in one transaction; answers false, queueing nothing, when
 * the week was claimed already. On PostgreSQL a second claimant waits on the first's uncommitted
 * row and then finds it; on SQLite one writer at a time does the same.
 */
export async function queueOnce(db: AppDatabase, week: AnalyticsPeriod, emails: OutgoingEmail[], now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("analytics_weekly_reports")
      .values({ week: week.from, recipients: emails.length, queued_at: new Date(now).toISOString() })
      .onConflict((conflict) => conflict.column("week").doNothing())
      .returning("week")
      .executeTakeFirst();
    if (!claimed) return false;
    for (const email of emails) await enqueueEmail(trx, email);
    return true;
  });
}

async function isQueued(db: AppDatabase, week: string): Promise<boolean> {
  const row = await db.selectFrom("analytics_weekly_reports").select("week").where("week", "=", week).executeTakeFirst();
  return row !== undefined;
}

/** After a failure (the database away), the next try is this much later. */
const RETRY_MS = 5 * 60 * 1000;

/**
 * Runs `queueWeeklyReport` in this process: at start (a week not yet sent still goes), then at
 * each Monday 06:00 UTC, so every process finds it due at the same moment and the claim decides
 * which one queues it; after a failure, again 5 minutes later. Nothing runs without recipients.
 */
export function startWeeklyReports(services: AppServices): { stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const runAt = (at: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), Math.max(0, at - Date.now()));
    timer.unref();
  };
  const run = async () => {
    try {
      if ((await queueWeeklyReport(services)) === "queued") services.logger.info("weekly analytics email queued");
      runAt(nextReportDueAt(Date.now()));
    } catch (error) {
      services.logger.error({ err: error }, "weekly analytics email not queued; trying again in 5 minutes");
      runAt(Date.now() + RETRY_MS);
    }
  };
  if (services.config.analyticsReportTo.length > 0) void run();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
