import type { BlogPost } from "../../domain/blog-post";

/**
 * Column conventions shared by SQLite and PostgreSQL (see docs/decisions/003-portable-columns.md):
 * ids are text (UUIDs), booleans are integers 0/1, timestamps are ISO-8601 UTC text.
 * Both drivers then return rows of the same shape.
 */
export type BooleanColumn = 0 | 1;

/** A post's row: the domain's post with its two flags stored as 0/1. */
export type BlogPostsTable = Omit<BlogPost, "published" | "featured"> & {
  published: BooleanColumn;
  featured: BooleanColumn;
};

export type RateLimitHitsTable = {
  key: string;
  hits: number;
  reset_at: string;
};

export type MailStatus = "pending" | "sent" | "failed";

export type MailOutboxTable = {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
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
  status: "new" | "triaged" | "resolved" | "not_applicable";
  created_at: string;
  updated_at: string;
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
  /** blob on SQLite, bytea on PostgreSQL. */
  data: Buffer;
  created_at: string;
};

export type Database = {
  blog_posts: BlogPostsTable;
  rate_limit_hits: RateLimitHitsTable;
  mail_outbox: MailOutboxTable;
  admin_credentials: AdminCredentialsTable;
  admin_sessions: AdminSessionsTable;
  contact_messages: ContactMessagesTable;
  security_reports: SecurityReportsTable;
  report_attachments: ReportAttachmentsTable;
};
