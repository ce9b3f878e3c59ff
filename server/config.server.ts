import path from "node:path";
import { z } from "zod";
import type { SiteConfig } from "../domain/site";

/** Thrown when an environment variable is invalid; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a whole number between 1 and 65535" })
    .int("must be a whole number between 1 and 65535")
    .min(1, "must be a whole number between 1 and 65535")
    .max(65535, "must be a whole number between 1 and 65535")
    .default(3000),
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
  TRUST_PROXY: optionalText,
  REPORT_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number of at least 1" })
    .int("must be a whole number of at least 1")
    .min(1, "must be a whole number of at least 1")
    .default(10),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info"),
});

export type Config = ReturnType<typeof toConfig>;



function toConfig(env: z.infer<typeof envSchema>) {
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    dataDir,
    database: env.DATABASE_URL
      ? ({ kind: "postgres", url: env.DATABASE_URL } as const)
      : ({ kind: "sqlite", file: path.join(dataDir, "site.db") } as const),
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    mail: { from: env.MAIL_FROM, contactTo: env.CONTACT_TO, securityTo: env.SECURITY_TO },
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    /** Vulnerability reports accepted per client and hour (every attempt counts). */
    reportRateLimit: env.REPORT_RATE_LIMIT,
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

/** Reads and validates the environment once; a bad value throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const raw = env[name];
      const shown = raw === undefined || name === "ADMIN_PASSWORD" ? "" : ` (got "${raw}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  return toConfig(parsed.data);
}
