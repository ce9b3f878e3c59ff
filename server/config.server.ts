import path from "node:path";
import { z } from "zod";
import { DEFAULT_TARGETS, parseHolidays, resolveTargets } from "../domain/disclosure-deadlines";
import type { SiteConfig } from "../domain/site";
import { parseTrustProxy, type TrustProxy } from "./config/trust-proxy.server";
import { UPLOAD_BODY_TIMEOUT_MS, UPLOAD_IDLE_TIMEOUT_MS } from "./config/upload-timeouts";

/** Thrown when an environment variable is invalid; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** A number from the environment, with one message for every way it can be wrong. */
function envNumber({ min, max, whole = true, message, maxMessage = message }: {
  min: number;
  max?: number;
  whole?: boolean;
  message: string;
  maxMessage?: string;
}) {
  let schema = z.coerce.number({ error: message }).min(min, message);
  if (whole) schema = schema.int(message);
  if (max !== undefined) schema = schema.max(max, maxMessage);
  return schema;
}

function wholeNumber(min: number) {
  return envNumber({ min, message: `must be a whole number of at least ${min}` });
}

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: envNumber({ min: 1, max: 65535, message: "must be a whole number between 1 and 65535" }).default(3000),
  HOST: optionalText.pipe(
    z
      .union([z.ipv4(), z.ipv6(), z.literal("localhost")], { error: "must be an IP address (e.g. 127.0.0.1 or ::1) or localhost" })
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
  ),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(12, "must be at least 12 characters long").optional(),
  ),
  SITE_URL: optionalText.pipe(httpUrl.optional()),
  SITE_NAME: z.string().trim().min(1).default("Dialogic"),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  SMTP_REQUIRE_TLS: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional(),
  MAIL_FROM: z.string().trim().min(3).default("Dialogic <no-reply@dialogic.localhost>"),
  CONTACT_TO: z.email({ error: "must be an email address" }).default("hello@dialogic.localhost"),
  SECURITY_TO: z
    .email({ error: "must be an email address" })
    .default("security@dialogic.localhost"),
  SUPPORT_EMAIL: z
    .email({ error: "must be an email address" })
    .default("support@dialogic.localhost"),
  SUPPORT_PHONE: z.string().trim().min(3).default("+1 (614) 555-0142"),
  POSTAL_ADDRESS: z
    .string()
    .trim()
    .min(3)
    .default("Dialogic, Inc., 250 Civic Center Drive, Suite 500, Columbus, OH 43215, USA"),
  SIGNIN_URL: httpUrl.default("https://app.dialogic.localhost/login"),
  DEMO_URL: httpUrl.default("https://app.dialogic.localhost/demo"),
  TRUST_PROXY: optionalText.transform((value, context): TrustProxy | undefined => {
    if (value === undefined) return undefined;
    const parsed = parseTrustProxy(value);
    if (parsed.ok) return parsed.value;
    context.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  }),
  REPORT_RATE_LIMIT: wholeNumber(1).default(10),
  REPORT_UPLOAD_MB_PER_HOUR: wholeNumber(1).default(500),
  REPORT_UPLOAD_MB_PER_DAY: wholeNumber(1).default(2000),
  REPORT_CLIENT_UPLOAD_MB_PER_HOUR: wholeNumber(1).default(100),
  REPORT_CLIENT_UPLOAD_MB_PER_DAY: wholeNumber(1).default(200),
  REPORT_CONCURRENT_UPLOADS: wholeNumber(1).default(20),
  REPORT_UPLOAD_IDLE_TIMEOUT: envNumber({ min: 1, max: 300, message: "must be a whole number of seconds from 1 to 300" }).default(
    UPLOAD_IDLE_TIMEOUT_MS / 1000,
  ),
  REPORT_UPLOAD_TIMEOUT: envNumber({ min: 1, max: 300, message: "must be a whole number of seconds from 1 to 300" }).default(
    UPLOAD_BODY_TIMEOUT_MS / 1000,
  ),
  ATTACHMENT_RETENTION_DAYS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    wholeNumber(1).optional(),
  ),
  DISCLOSURE_HOLIDAYS: z
    .string()
    .default("")
    .transform((value, context) => {
      const parsed = parseHolidays(value);
      if (parsed.ok) return parsed.holidays;
      context.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
  DISCLOSURE_RESOLVE_DAYS_HIGH: wholeNumber(1).default(DEFAULT_TARGETS.resolve.High.days),
  DISCLOSURE_RESOLVE_DAYS_MEDIUM: wholeNumber(1).default(DEFAULT_TARGETS.resolve.Medium.days),
  DISCLOSURE_RESOLVE_DAYS_LOW: wholeNumber(1).default(DEFAULT_TARGETS.resolve.Low.days),
  DISCLOSURE_REPORTER_DIGEST_SECONDS: wholeNumber(1).default(180),
  MFA_SECRET_KEY: optionalText.pipe(
    z.string().min(32, "must be at least 32 characters long (for example: openssl rand -base64 32)").optional(),
  ),
  AUDIT_RETENTION_DAYS: envNumber({ min: 1, max: 3650, message: "must be a whole number of days from 1 to 3650" }).default(365),
  DATABASE_CONNECT_ATTEMPTS: wholeNumber(1).default(10),
  OUTBOX_CLAIM_TTL: envNumber({ min: 10, max: 3600, message: "must be a whole number of seconds from 10 to 3600" }).default(300),
  SHUTDOWN_DELAY: envNumber({ min: 0, max: 60, whole: false, message: "must be a number of seconds from 0 to 60" }).default(0),
  PAGE_CACHE_MAX_BYTES: envNumber({ min: 0, message: "must be a whole number of bytes (0 turns the page cache off)" }).default(
    64 * 1024 * 1024,
  ),
  PAGE_CACHE_CHECK_MS: envNumber({
    min: 0,
    max: 2000,
    message: "must be a whole number of milliseconds",
    maxMessage: "must be at most 2000 (changes must reach every process within 2 seconds)",
  }).default(1000),
  ANALYTICS: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
  ANALYTICS_REPORT_TO: z
    .string()
    .default("")
    .transform((value, context) => {
      const addresses = value.split(",").map((address) => address.trim()).filter(Boolean);
      const wrong = addresses.find((address) => !z.email().safeParse(address).success);
      if (wrong === undefined) return [...new Set(addresses)];
      context.addIssue({ code: "custom", message: `must be email addresses separated by commas ("${wrong}" is not one)` });
      return z.NEVER;
    }),
  ANALYTICS_FLUSH_MS: envNumber({
    min: 100,
    max: 5000,
    message: "must be a whole number of milliseconds from 100 to 5000",
    maxMessage: "must be at most 5000 (counts must be complete within 10 seconds)",
  }).default(5000),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info"),
});

export type Config = ReturnType<typeof toConfig>;

const MB = 1024 * 1024;



function toConfig(env: z.infer<typeof envSchema>) {
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    /** The interface to listen on; unset: all of them. */
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? ({ kind: "postgres", url: env.DATABASE_URL } as const)
      : ({ kind: "sqlite", file: path.join(dataDir, "site.db") } as const),
    adminPassword: env.ADMIN_PASSWORD,
    /**
     * The key authenticator secrets are sealed with (docs/decisions/150); unset, a key file in
     * DATA_DIR made at first use.
     */
    mfaSecretKey: env.MFA_SECRET_KEY,
    /** Audit events older than this many days are deleted (hourly, by every server). */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    smtpUrl: env.SMTP_URL,
    /** Refuse to send over smtp:// without STARTTLS; on by default unless the host is loopback. */
    smtpRequireTls: env.SMTP_REQUIRE_TLS ? env.SMTP_REQUIRE_TLS === "true" : !isLoopbackUrl(env.SMTP_URL),
    mail: { from: env.MAIL_FROM, contactTo: env.CONTACT_TO, securityTo: env.SECURITY_TO },
    /** Express's `trust proxy`: a hop count or the proxies' addresses; unset trusts none. */
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    /** Start-up tries while the database is unreachable, 3 s apart. */
    databaseConnectAttempts: env.DATABASE_CONNECT_ATTEMPTS,
    /** How long an outbox claim holds: a dead process's emails are re-taken after it. */
    outboxClaimTtlMs: env.OUTBOX_CLAIM_TTL * 1000,
    /** After SIGTERM, how long readiness answers "draining" before the listener closes. */
    shutdownDelayMs: env.SHUTDOWN_DELAY * 1000,
    /** Memory for rendered public pages, all encodings counted; 0 turns the cache off. */
    pageCacheMaxBytes: env.PAGE_CACHE_MAX_BYTES,
    /** How often at most a process reads content changes made by the others. */
    pageCacheCheckMs: env.PAGE_CACHE_CHECK_MS,
    /** Whether page views are counted (docs/decisions/141); off, the dashboard shows what was counted. */
    analytics: env.ANALYTICS === "on",
    /** Who gets the weekly analytics email (docs/decisions/186); none: no email. */
    analyticsReportTo: env.ANALYTICS_REPORT_TO,
    /** How long counted views wait in memory before they are written in one batch. */
    analyticsFlushMs: env.ANALYTICS_FLUSH_MS,
    /** Vulnerability reports accepted per client and hour (every attempt counts). */
    reportRateLimit: env.REPORT_RATE_LIMIT,
    /** Caps on report uploads: the whole site's (docs/decisions/066) and each client's (132). */
    uploadQuota: {
      bytesPerHour: env.REPORT_UPLOAD_MB_PER_HOUR * MB,
      bytesPerDay: env.REPORT_UPLOAD_MB_PER_DAY * MB,
      clientBytesPerHour: env.REPORT_CLIENT_UPLOAD_MB_PER_HOUR * MB,
      clientBytesPerDay: env.REPORT_CLIENT_UPLOAD_MB_PER_DAY * MB,
      concurrentUploads: env.REPORT_CONCURRENT_UPLOADS,
    },
    /** How long a report upload's body may pause, and take in all, before it is cut (132). */
    uploadTimeouts: {
      idleTimeoutMs: env.REPORT_UPLOAD_IDLE_TIMEOUT * 1000,
      bodyTimeoutMs: env.REPORT_UPLOAD_TIMEOUT * 1000,
    },
    /**
     * The disclosure policy's deadlines (docs/decisions/145): business days skip weekends and these
     * holidays; critical reports are resolved within 10 business days, the others within these days.
     */
    disclosure: {
      holidays: env.DISCLOSURE_HOLIDAYS,
      targets: resolveTargets({
        high: env.DISCLOSURE_RESOLVE_DAYS_HIGH,
        medium: env.DISCLOSURE_RESOLVE_DAYS_MEDIUM,
        low: env.DISCLOSURE_RESOLVE_DAYS_LOW,
      }),
      /** The team's changes to a case within this long reach the reporter as one email (docs/decisions/188). */
      reporterDigestMs: env.DISCLOSURE_REPORTER_DIGEST_SECONDS * 1000,
    },
    /** Attachments of closed reports are purged this many days after closing; unset keeps them. */
    attachmentRetentionDays: env.ATTACHMENT_RETENTION_DAYS,
    /** The subset the browser may see. */
    public: {
      siteUrl,
      siteName: env.SITE_NAME,
      signinUrl: env.SIGNIN_URL,
      demoUrl: env.DEMO_URL,
      supportEmail: env.SUPPORT_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
      postalAddress: env.POSTAL_ADDRESS,
      securityEmail: env.SECURITY_TO,
    } satisfies SiteConfig,
  };
}

function isLoopbackUrl(url: string | undefined): boolean {
  if (!url) return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Variables whose values may carry credentials: a configuration error never repeats them. */
const SECRET_VARIABLES = new Set(["ADMIN_PASSWORD", "DATABASE_URL", "SMTP_URL", "MFA_SECRET_KEY"]);

/** What a configuration error shows of a value: nothing for secrets, never a URL's user:password. */
function shownValue(name: string, raw: string | undefined): string {
  if (raw === undefined || raw === "") return "";
  if (SECRET_VARIABLES.has(name)) return " (the value is not shown: it may hold a password)";
  return ` (got "${raw.replace(/\/\/[^/@\s]*@/g, "//…@")}")`;
}

/** Reads and validates the environment once; a bad value throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      return `${name} ${issue.message}${shownValue(name, env[name])}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  return toConfig(parsed.data);
}
