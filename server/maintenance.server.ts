import { purgeSessions } from "./auth/admin-auth.server";
import { purgeAuditEvents } from "./audit/audit.server";
import type { AppServices } from "./context.server";
import { refreshPlannerStatistics } from "./db/database.server";
import { purgeClosedReportAttachments } from "./reports/attachment-store.server";
import { forgetUploadClients } from "./reports/upload-quota.server";
import { forgetPastDays } from "./analytics/view-batches.server";
import { compactVitalsMonths } from "./analytics/vitals-months.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Housekeeping every process does now and then (each step is safe to run twice at once): dead
 * admin sessions, audit events older than AUDIT_RETENTION_DAYS, which client sent attachments older than a day (the per-client quota's need
 * for it is over), the salts and visitor hashes of analytics days that are over, the page-speed
 * histograms of months that are over (merged once), the SQLite planner's statistics, and, with
 * ATTACHMENT_RETENTION_DAYS set, the attachments of closed reports.
 */
async function runMaintenance({ db, config, logger }: AppServices): Promise<void> {
  const sessions = await purgeSessions(db);
  if (sessions > 0) logger.info({ sessions }, "expired, revoked and idle admin sessions deleted");
  const auditEvents = await purgeAuditEvents(db, config.auditRetentionDays);
  if (auditEvents > 0) logger.info({ events: auditEvents }, "audit events past AUDIT_RETENTION_DAYS deleted");
  const forgotten = await forgetUploadClients(db);
  if (forgotten > 0) logger.info({ attachments: forgotten }, "senders of day-old attachments forgotten");
  const pastDays = await forgetPastDays(db);
  if (pastDays > 0) logger.info({ days: pastDays }, "visitor salts and hashes of past days deleted");
  const months = await compactVitalsMonths(db);
  if (months > 0) logger.info({ months }, "page-speed histograms of past months merged");
  await refreshPlannerStatistics(db);
  if (config.attachmentRetentionDays !== undefined) {
    const purged = await purgeClosedReportAttachments(db, config.attachmentRetentionDays);
    if (purged.attachments > 0) logger.info(purged, "attachments of closed reports purged (retention)");
  }
}

/** Runs `runMaintenance` at start and then every hour until stopped. */
export function startMaintenance(services: AppServices, intervalMs = HOUR_MS): { stop: () => void } {
  const run = () =>
    runMaintenance(services).catch((error: unknown) => services.logger.error({ err: error }, "maintenance failed"));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
