import type { Generated } from "kysely";
import type { BlogPost } from "../../domain/blog-post";
import type { PostWorkflowValues } from "../../domain/post-publishing";
import type { ReportStatus } from "../../domain/report-status";

/**
 * Column conventions shared by SQLite and PostgreSQL (see docs/decisions/003-portable-columns.md):
 * ids are text (UUIDs), booleans are integers 0/1, timestamps are ISO-8601 UTC text.
 * Both drivers then return rows of the same shape.
 */
export type BooleanColumn = 0 | 1;

/** A post's row: the domain's post with its two flags stored as 0/1. */
export type BlogPostsTable = Omit<BlogPost, "published" | "featured" | keyof PostWorkflowValues> & {
  published: BooleanColumn;
  featured: BooleanColumn;
  /** The people who created the post and changed it last (migration 0073); null on older rows. */
  created_by: Generated<string | null>;
  updated_by: Generated<string | null>;
};

/** A post's schedule and SEO fields (migration 0025); no row means none. */
export type BlogPostEditorialTable = PostWorkflowValues & { post_id: string };

export type RateLimitWindowsTable = {
  key: string;
  /** JSON array of accepted hits (ms since the epoch), oldest first. */
  hits: string;
  version: number;
  expires_at: string;
};

export type MailStatus = "pending" | "sent" | "failed";

export type MailOutboxTable = {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  /** The HTML part beside the text (migration 0064); null for text-only emails. */
  html_body: Generated<string | null>;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  /** The worker holding this email while it sends, until `claimed_until`. */
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** How a sent email left: real SMTP, or only the log when no SMTP_URL is configured. */
  delivered_via: MailDeliveredVia | null;
};

export type MailDeliveredVia = "smtp" | "log";

export type AdminCredentialsTable = {
  id: string;
  password_hash: string;
  updated_at: string;
};

export type AdminSessionsTable = {
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Last request made with the session (idle timeout); null only for rows older than it. */
  last_seen_at: string | null;
  /** The session's public id (migration 0040): what the session list shows and ends. */
  id: string | null;
  /** The client address and browser that opened it. */
  ip: string | null;
  user_agent: string | null;
  /** Whose session it is (migration 0071): "owner" for the holder of the admin password. */
  person_id: Generated<string>;
};

/** A person of the team (migration 0071, docs/decisions/208); the owner's row has id "owner". */
export type AdminPeopleTable = {
  id: string;
  email: string | null;
  name: string;
  role: string;
  /** Null for the owner (whose password is admin_credentials') and for an invitation not yet taken. */
  password_hash: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  removed_at: string | null;
  invitation_hash: string | null;
  invitation_expires_at: string | null;
  invited_by: string | null;
};

/** An authenticator factor (migration 0040, docs/decisions/150). */
export type AdminFactorsTable = {
  id: string;
  factor_type: "totp";
  status: "unverified" | "verified";
  friendly_name: string;
  issuer: string;
  secret_sealed: string;
  last_used_step: number | string | null;
  created_at: string;
  verified_at: string | null;
  last_used_at: string | null;
  /** The public id of the session that added it (migration 0048). */
  enrolled_session: string | null;
  person_id: Generated<string>;
};

/** One-time recovery codes, by their HMAC under a server key (legacy rows: their SHA-256, decision 171). */
export type AdminRecoveryCodesTable = { code_hash: string; created_at: string; used_at: string | null; person_id: Generated<string> };

/** Between a right password and the code: a single-use challenge, by its SHA-256. */
export type AdminLoginChallengesTable = { id_hash: string; created_at: string; expires_at: string; attempts: Generated<number>; person_id: Generated<string> };

/** A person's passkey (migration 0072, docs/decisions/209): a WebAuthn credential, its key base64url. */
export type AdminPasskeysTable = {
  id: string;
  person_id: string;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (PostgreSQL answers a bigint as a string). */
  counter: number | string;
  /** JSON: the transports the browser named at registration. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

/**
 * A challenge handed out for registering a passkey (the person's) or signing in with one (nobody's
 * yet), by its SHA-256: the browser's answer carries the challenge, which finds its row.
 */
export type AdminPasskeyChallengesTable = {
  id_hash: string;
  purpose: "registration" | "authentication";
  person_id: string | null;
  created_at: string;
  expires_at: string;
};

/** Browsers that signed in before (the device-cookie defence, docs/decisions/151). */
export type AdminDevicesTable = { token_hash: string; created_at: string; last_used_at: string; expires_at: string; person_id: Generated<string> };

/** The audit trail (docs/decisions/152). */
export type AuditEventsTable = {
  id: string;
  at: string;
  action: string;
  target: string | null;
  ip: string | null;
  session: string | null;
  /** How many refusals a lockout event stands for (migration 0048); 1 for every other event. */
  count: Generated<number>;
  /** The target's name when recorded, for a target since deleted; what changed, in words (migration 0059). */
  target_label: string | null;
  detail: string | null;
  /** The acting session's browser and place when recorded (migration 0070). */
  session_label: string | null;
  /** Who acted, as they were then (migration 0071): the name stays after the person is removed. */
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
};

export type ContactMessagesTable = {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  /** Null while unread in the admin inbox. */
  read_at: string | null;
  /** The notification email in mail_outbox. */
  mail_id: string | null;
  /** A form's submission (migration 0079, docs/decisions/220): its form, the form's name then, its answers as JSON; null and "" for the contact form. */
  form_id: Generated<string | null>;
  form_name: Generated<string>;
  form_answers: Generated<string>;
} & LeadSourceColumns;

/** Forms the team builds (migration 0079): their fields as JSON (domain/form-entries.ts FormField[]). */
export type FormsTable = {
  id: string;
  name: string;
  fields: string;
  submit_label: string;
  success_message: string;
  created_at: string;
  updated_at: string;
};

/** Where a lead came from (migration 0032, docs/decisions/142); "" = not known. */
export type LeadSourceColumns = {
  landing_path: Generated<string>;
  referrer_host: Generated<string>;
  utm_source: Generated<string>;
  utm_medium: Generated<string>;
  utm_campaign: Generated<string>;
};

export type SecurityReportsTable = {
  id: string;
  /** Human-readable and unique, such as 'VR-2026-7K3F9Q'. */
  reference: string;
  reporter_name: string;
  reporter_email: string;
  company: string;
  asset_affected: string;
  vulnerability_title: string;
  vrt_category: string;
  vrt_subcategory: string;
  weakness_type: string;
  severity: string;
  description: string;
  reproduction_steps: string;
  impact: string;
  status: ReportStatus;
  created_at: string;
  updated_at: string;
  /** The team's severity; `severity` stays the reporter's. */
  assessed_severity: string | null;
  cvss_vector: string | null;
  cvss_score: number | null;
  /** The report this one duplicates (its id). */
  duplicate_of: string | null;
  /** The reporter's choice: "named" or "anonymous"; null until they choose. */
  credit: string | null;
  credit_name: string | null;
  credit_url: string | null;
  /** Whether the acknowledgments page may show the report's title. */
  publish_title: Generated<BooleanColumn>;
  /** The reporter wrote since the team last answered. */
  awaiting_team: Generated<BooleanColumn>;
  acknowledged_at: string | null;
  assessed_at: string | null;
  resolved_at: string | null;
  /** The outbox email gathering the reporter's messages for the team, and when it goes (migration 0050). */
  team_digest_id: string | null;
  team_digest_at: string | null;
  /** The outbox email gathering the team's changes for the reporter while it is held (migration 0057). */
  reporter_digest_id: string | null;
  /** The person of the team the report is assigned to (migration 0071). */
  assignee_id: string | null;
};

/** A reporter's case links (migration 0036): SHA-256 of each token, never the token. */
export type ReportCaseTokensTable = {
  token_hash: string;
  report_id: string;
  created_at: string;
  /** What the link was sent with (migration 0050): "report", "message", "status" or "request". */
  issued_for: string | null;
  last_used_at: string | null;
};

/** A report's timeline: status changes and the conversation (migration 0036). */
export type ReportEventsTable = {
  id: string;
  report_id: string;
  /**
   * "assignment" (`body`: the assignee's name, null when unassigned) and "assessment" (`body`: what was set) since migration 0074;
   * "suggestion" (the reporter's CVSS vector in `body`) and "note" (the team's, never the reporter's to read) since 0076.
   */
  kind: "status" | "message" | "assignment" | "assessment" | "suggestion" | "note";
  author: "team" | "reporter";
  status: ReportStatus | null;
  body: string | null;
  created_at: string;
  /** Who of the team acted (migration 0074), their name and role as they were then; null for the reporter and older events. */
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  /** A suggestion's score when it was made (migration 0076). */
  cvss_score: number | null;
};

/** A reporter's correction before triage (migration 0061): the fields it changed, before and after, as JSON. */
export type ReportRevisionsTable = {
  id: string;
  report_id: string;
  changes: string;
  created_at: string;
};

export type ReportAttachmentsTable = {
  id: string;
  report_id: string;
  /** Order of the file in the upload. */
  position: number;
  /** Cleaned, with the extension of the sniffed type. */
  filename: string;
  /** Decided from the bytes, never from the name or the declared type. */
  content_type: string;
  size: number;
  sha256: string;
  /** The first chunk of the bytes (all of a small file); blob on SQLite, bytea on PostgreSQL. */
  data: Buffer;
  created_at: string;
  /**
   * Hash of the sending client's key, for the per-client upload quota (migration 0030); null
   * before it, without a key, and after a day (forgotten by housekeeping).
   */
  client_hash: string | null;
  /** The message a file was added with, on the case page (migration 0036); null: with the report. */
  event_id: string | null;
};

/** The bytes of an attachment after its first chunk, in order. */
export type ReportAttachmentChunksTable = {
  id: string;
  attachment_id: string;
  position: number;
  data: Buffer;
};

export type PostRevisionsTable = {
  id: string;
  post_id: string;
  kind: "save" | "autosave";
  /** Whether this version was the published one. */
  published: BooleanColumn;
  title: string;
  /** Every field of the post as JSON (domain/post-workflow.ts). */
  data: string;
  created_at: string;
  updated_at: string;
  /** The person who kept it (migration 0073); null on older rows and imported ones. */
  saved_by: Generated<string | null>;
};

/** A draft submitted for review by its writer (migration 0073, docs/decisions/210). */
export type PostReviewRequestsTable = {
  id: string;
  post_id: string;
  requested_by: string;
  requested_at: string;
  status: "waiting" | "returned" | "published";
  note: string | null;
  decided_by: string | null;
  decided_at: string | null;
};

export type PostPreviewLinksTable = {
  id: string;
  post_id: string;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  purpose: "editor" | "share";
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The person who made it (migration 0071): it ends when they leave. */
  created_by: string | null;
};

/** Cache tags of each content change, for every process's page cache (server/cache/). */
/** A day's random salt for visitor hashes; deleted once the day is over (migration 0031). */
export type AnalyticsSaltsTable = { day: string; salt: string };
/** A visitor's keyed hash, once per day; deleted with the day's salt. */
export type AnalyticsVisitorsTable = {
  day: string;
  visitor: string;
  /** The source of the day's visit (migration 0055): a later batch credits the visitor's views to it. */
  referrer_host: Generated<string>;
  campaign: Generated<string>;
  device: Generated<string>;
};
/** A visitor's keyed hash and a path it viewed, once per day; deleted with the day's salt. */
export type AnalyticsPageVisitorsTable = { day: string; visitor: string; path: string };
/** Views and visitors of a path on a day (UTC): the roll-up the dashboard reads. */
export type AnalyticsPagesTable = { day: string; path: string; views: Generated<number>; visitors: Generated<number> };
/**
 * Visitors of a day by one dimension of where their visit came from (server/analytics
 * `SOURCE_DIMENSIONS`); a campaign's value is its source, medium and campaign joined by newlines.
 */
export type AnalyticsSourcesTable = { day: string; dimension: string; value: string; visitors: Generated<number> };
/** Views and visitors of a path on a day by one dimension (referrer, campaign, device) of the visit's source (0055). */
export type AnalyticsCrossedTable = { day: string; dimension: string; value: string; path: string; views: Generated<number>; visitors: Generated<number> };
/** Visitors of a day by their visit's referrer host, campaign and device together (0055). */
export type AnalyticsVisitsTable = { day: string; referrer_host: string; campaign: string; device: string; visitors: Generated<number> };
/** What one client (a keyed hash of its address) added to a day: visitors and new open values; deleted with the day's hashes. */
export type AnalyticsClientsTable = { day: string; client: string; visitors: Generated<number>; open_values: Generated<number> };

export type ContentChangesTable = {
  id: Generated<number>;
  /** Space-separated tags, e.g. "posts post:my-slug". */
  tags: string;
  created_at: string;
};

/** An old slug of a published post, pointing at the post it now answers for. */
export type BlogSlugRedirectsTable = {
  old_slug: string;
  post_id: string;
  created_at: string;
};

/** An uploaded image, keyed by the SHA-256 of its bytes. */
export type BlogMediaTable = {
  sha256: string;
  extension: string;
  content_type: string;
  size: number;
  /** blob on SQLite, bytea on PostgreSQL. */
  data: Buffer;
  created_at: string;
  /** The size it is shown at (EXIF orientation applied); null when it does not decode (migration 0028). */
  width: number | null;
  height: number | null;
  /** 1 for a GIF or another image with several frames: served only as uploaded. */
  animated: Generated<BooleanColumn>;
};

/** A smaller copy of an uploaded image, as WebP: derived data, made on first request (0028). */
export type BlogMediaVariantsTable = {
  sha256: string;
  width: number;
  size: number;
  data: Buffer;
  created_at: string;
};

/** "Request demo" clicks per UTC day and source (migration 0033); `clicks` rises by an upsert. */
export type AnalyticsDemoClicksTable = {
  day: string;
  landing_path: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  clicks: number;
};

/** Page-speed samples per day, page and metric, as a histogram (migration 0034, decision 143). */
export type AnalyticsVitalsTable = {
  /** UTC, YYYY-MM-DD. */
  day: string;
  /** The page's canonical path. */
  path: string;
  /** LCP, INP, CLS or TTFB. */
  metric: string;
  /** How many samples the histogram holds. */
  samples: number;
  /** server/analytics/vitals-histogram.ts `encodeHistogram`: "first bucket:count,count,…". */
  histogram: string;
};

/** A whole month's page-speed histograms (migration 0035): the days of a month that is over, merged. */
export type AnalyticsVitalsMonthsTable = {
  /** UTC, YYYY-MM. */
  month: string;
  path: string;
  metric: string;
  samples: number;
  histogram: string;
};

/** A week whose analytics report was queued (migration 0064, docs/decisions/187): the claim. */
/** A page the marketing team edits (migration 0065, docs/decisions/197). */
export type SitePagesTable = {
  id: string;
  /** The live address. */
  path: string;
  title: string;
  status: "draft" | "scheduled" | "published";
  /** 1 for the specification's pages: never deleted or unpublished. */
  system: 0 | 1;
  /** The live SEO fields and blocks, as JSON (domain/site-pages.ts, domain/page-blocks.ts). */
  seo: string;
  blocks: string;
  /** The unpublished version, `{ path, title, seo, blocks }` as JSON, or null. */
  draft: string | null;
  publish_at: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
};

/** Revisions of pages (migration 0067, docs/decisions/200), shaped like a post's. */
export type PageRevisionsTable = {
  id: string;
  page_id: string;
  kind: "save" | "autosave";
  /** Whether this version was the published one. */
  published: BooleanColumn;
  title: string;
  /** The version, `{ path, title, seo, blocks }`, as JSON. */
  data: string;
  /** The public id of the admin session that kept it. */
  saved_by: string | null;
  /** The person who kept it (migration 0080); null on older rows, imported ones and seeded ones. */
  saved_by_person: string | null;
  created_at: string;
  updated_at: string;
};

/** Saved versions of the menus (migration 0078, docs/decisions/218): the newest is live. */
export type NavigationVersionsTable = {
  id: string;
  /** The links, `[{ label, href }]`, as JSON. */
  header: string;
  footer: string;
  /** The person who saved it, and their name then. */
  saved_by: string | null;
  saved_by_name: string | null;
  created_at: string;
};

export type SitePageRedirectsTable = { old_path: string; page_id: string; created_at: string };

export type PagePreviewLinksTable = {
  id: string;
  page_id: string;
  token_hash: string;
  purpose: "editor" | "share";
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The person who made it (migration 0071): it ends when they leave. */
  created_by: string | null;
};

export type AnalyticsWeeklyReportsTable = {
  /** The week's Monday, UTC, YYYY-MM-DD. */
  week: string;
  /** How many emails were queued (one per ANALYTICS_REPORT_TO address). */
  recipients: number;
  queued_at: string;
};

/**
 * A post's searchable text (migration 0044), written with the post; the database indexes it (FTS5
 * on SQLite, a generated tsvector on PostgreSQL). On SQLite the row also has an integer `id`.
 */
export type BlogPostSearchTable = {
  post_id: string;
  /** The post's own `published` and `created_at`, written with it (migration 0047). */
  published: 0 | 1;
  created_at: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  body: string;
};

/** A post's generated social card (migration 0046), by the SHA-256 of what it shows. */
export type BlogSocialCardsTable = {
  post_id: string;
  key: string;
  data: Buffer;
  created_at: string;
};

export type Database = {
  blog_posts: BlogPostsTable;
  rate_limit_windows: RateLimitWindowsTable;
  mail_outbox: MailOutboxTable;
  admin_credentials: AdminCredentialsTable;
  admin_sessions: AdminSessionsTable;
  admin_people: AdminPeopleTable;
  contact_messages: ContactMessagesTable;
  forms: FormsTable;
  security_reports: SecurityReportsTable;
  report_attachments: ReportAttachmentsTable;
  report_attachment_chunks: ReportAttachmentChunksTable;
  report_case_tokens: ReportCaseTokensTable;
  report_events: ReportEventsTable;
  report_revisions: ReportRevisionsTable;
  post_revisions: PostRevisionsTable;
  post_review_requests: PostReviewRequestsTable;
  post_preview_links: PostPreviewLinksTable;
  content_changes: ContentChangesTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_visitors: AnalyticsVisitorsTable;
  analytics_page_visitors: AnalyticsPageVisitorsTable;
  analytics_pages: AnalyticsPagesTable;
  analytics_sources: AnalyticsSourcesTable;
  analytics_crossed: AnalyticsCrossedTable;
  analytics_visits: AnalyticsVisitsTable;
  analytics_clients: AnalyticsClientsTable;
  blog_post_editorial: BlogPostEditorialTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  blog_media: BlogMediaTable;
  blog_media_variants: BlogMediaVariantsTable;
  analytics_demo_clicks: AnalyticsDemoClicksTable;
  analytics_vitals: AnalyticsVitalsTable;
  analytics_vitals_months: AnalyticsVitalsMonthsTable;
  analytics_weekly_reports: AnalyticsWeeklyReportsTable;
  site_pages: SitePagesTable;
  site_page_redirects: SitePageRedirectsTable;
  page_preview_links: PagePreviewLinksTable;
  page_revisions: PageRevisionsTable;
  navigation_versions: NavigationVersionsTable;
  admin_factors: AdminFactorsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_login_challenges: AdminLoginChallengesTable;
  admin_devices: AdminDevicesTable;
  admin_passkeys: AdminPasskeysTable;
  admin_passkey_challenges: AdminPasskeyChallengesTable;
  audit_events: AuditEventsTable;
  blog_post_search: BlogPostSearchTable;
  blog_social_cards: BlogSocialCardsTable;
};
