import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";
import type { AppDatabase } from "./database.server";
import * as blogPosts from "./migrations/0001-blog-posts";
import * as rateLimits from "./migrations/0002-rate-limits";
import * as mailOutbox from "./migrations/0003-mail-outbox";
import * as adminAuth from "./migrations/0004-admin-auth";
import * as blogIndexes from "./migrations/0005-blog-indexes";
import * as contactMessages from "./migrations/0006-contact-messages";
import * as securityReports from "./migrations/0007-security-reports";
import * as attachmentChunks from "./migrations/0008-attachment-chunks";
import * as sessionIdleAndRateWindows from "./migrations/0009-session-idle-and-rate-windows";
import * as postRevisions from "./migrations/0020-post-revisions";
import * as postPreviewLinks from "./migrations/0021-post-preview-links";
import * as contentChanges from "./migrations/0010-content-changes";
import * as postWorkflow from "./migrations/0025-post-workflow";
import * as slugRedirects from "./migrations/0026-slug-redirects";
import * as blogMedia from "./migrations/0027-blog-media";
import * as blogMediaVariants from "./migrations/0028-blog-media-variants";
import * as reportUploadClients from "./migrations/0030-report-upload-clients";
import * as analytics from "./migrations/0031-analytics";
import * as leadSources from "./migrations/0032-lead-sources";
import * as demoClicks from "./migrations/0033-demo-clicks";
import * as webVitals from "./migrations/0034-web-vitals";
import * as webVitalsMonths from "./migrations/0035-web-vitals-months";
import * as disclosureCases from "./migrations/0036-disclosure-cases";
import * as adminAccount from "./migrations/0040-admin-account";
import * as postSearch from "./migrations/0044-post-search";
import * as categoryAuthorIndexes from "./migrations/0045-category-author-indexes";
import * as socialCards from "./migrations/0046-social-cards";
import * as socialCardsPerPost from "./migrations/0053-social-cards-per-post";
import * as searchPublicOrder from "./migrations/0047-search-public-order";
import * as secondFactorStepUp from "./migrations/0048-second-factor-step-up";
import * as analyticsClients from "./migrations/0049-analytics-clients";
import * as caseDigestsAndLinks from "./migrations/0050-case-digests-and-links";
import * as analyticsCrossed from "./migrations/0055-analytics-crossed";
import * as reporterDigests from "./migrations/0057-reporter-digests";
import * as auditTargetLabels from "./migrations/0059-audit-target-labels";
import * as reportRevisions from "./migrations/0061-report-revisions";
import * as weeklyAnalyticsReport from "./migrations/0064-weekly-analytics-report";
import * as sitePages from "./migrations/0065-site-pages";
import * as pageRevisions from "./migrations/0067-page-revisions";
import * as auditSessionLabels from "./migrations/0070-audit-session-labels";
import * as people from "./migrations/0071-people";
import * as passkeys from "./migrations/0072-passkeys";
import * as postReview from "./migrations/0073-post-review";
import * as reportAssignment from "./migrations/0074-report-assignment";
import * as reportSuggestionsAndNotes from "./migrations/0076-report-suggestions-and-notes";
import * as navigationMenus from "./migrations/0078-navigation-menus";
import * as forms from "./migrations/0079-forms";
import * as pageRevisionAuthor from "./migrations/0080-page-revision-author";

/**
 * Every migration, in order. Listed explicitly (not read from disk) so the bundled
 * server carries them; the same list runs on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  "0001-blog-posts": blogPosts,
  "0002-rate-limits": rateLimits,
  "0003-mail-outbox": mailOutbox,
  "0004-admin-auth": adminAuth,
  "0005-blog-indexes": blogIndexes,
  "0006-contact-messages": contactMessages,
  "0007-security-reports": securityReports,
  "0008-attachment-chunks": attachmentChunks,
  "0009-session-idle-and-rate-windows": sessionIdleAndRateWindows,
  "0020-post-revisions": postRevisions,
  "0021-post-preview-links": postPreviewLinks,
  "0010-content-changes": contentChanges,
  "0025-post-workflow": postWorkflow,
  "0026-slug-redirects": slugRedirects,
  "0027-blog-media": blogMedia,
  "0028-blog-media-variants": blogMediaVariants,
  "0030-report-upload-clients": reportUploadClients,
  "0031-analytics": analytics,
  "0032-lead-sources": leadSources,
  "0033-demo-clicks": demoClicks,
  "0034-web-vitals": webVitals,
  "0035-web-vitals-months": webVitalsMonths,
  "0036-disclosure-cases": disclosureCases,
  "0040-admin-account": adminAccount,
  "0044-post-search": postSearch,
  "0045-category-author-indexes": categoryAuthorIndexes,
  "0046-social-cards": socialCards,
  "0047-search-public-order": searchPublicOrder,
  "0048-second-factor-step-up": secondFactorStepUp,
  "0049-analytics-clients": analyticsClients,
  "0050-case-digests-and-links": caseDigestsAndLinks,
  "0053-social-cards-per-post": socialCardsPerPost,
  "0055-analytics-crossed": analyticsCrossed,
  "0057-reporter-digests": reporterDigests,
  "0059-audit-target-labels": auditTargetLabels,
  "0061-report-revisions": reportRevisions,
  "0064-weekly-analytics-report": weeklyAnalyticsReport,
  "0065-site-pages": sitePages,
  "0067-page-revisions": pageRevisions,
  "0070-audit-session-labels": auditSessionLabels,
  "0071-people": people,
  "0072-passkeys": passkeys,
  "0073-post-review": postReview,
  "0074-report-assignment": reportAssignment,
  "0076-report-suggestions-and-notes": reportSuggestionsAndNotes,
  "0078-navigation-menus": navigationMenus,
  "0079-forms": forms,
  "0080-page-revision-author": pageRevisionAuthor,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrateToLatest(db: AppDatabase): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Migrates up (or down) to the named migration: a migration's tests write rows as they were
 * before it, then migrate to the latest.
 */
export async function migrateTo(db: AppDatabase, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: AppDatabase, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  // On PostgreSQL the migrator finds its tables in the connection's own schema only, not in a
  // second copy of the site or a test's schema beside it (server/db/own-schema-dialect.server.ts).
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await run(migrator);
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const where = failed ? ` in ${failed.migrationName}` : "";
    throw new Error(`Migration failed${where}: ${String(error)}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}
