import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, expect, test } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../tests/helpers/smtp-server";
import { writeFirstPassword } from "./auth/first-password.server";
import { loadConfig } from "./config.server";
import { createMailTransport } from "./mail/transport.server";

const dirs: string[] = [];
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await smtp?.close();
  smtp = undefined;
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-footgun-"));
  dirs.push(dir);
  return dir;
}

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
}

const email = {
  id: "a1b2c3",
  to_address: "ada@example.com",
  reply_to: null,
  subject: "Your report",
  text_body: "Secret steps to reproduce: GET /admin?token=hunter2hunter2",
};

test("configuration errors never repeat the credentials in DATABASE_URL or SMTP_URL", () => {
  const database = configError({ DATABASE_URL: "mysql://admin:s3cret-db-pass@db.example:3306/site" });
  expect(database).toMatch(/^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
  expect(database).not.toContain("s3cret-db-pass");
  expect(database).not.toContain("admin:");

  const smtpError = configError({ SMTP_URL: "http://mailer:s3cret-smtp-pass@mail.example:587" });
  expect(smtpError).toMatch(/^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  expect(smtpError).not.toContain("s3cret-smtp-pass");

  // Other URLs are shown, without any user:password in them.
  const site = configError({ SITE_URL: "ftp://user:s3cret-site@example.com" });
  expect(site).toContain("SITE_URL");
  expect(site).not.toContain("s3cret-site");
});

test("the generated first password goes to a file only its owner can read", () => {
  const dir = tempDir();
  const file = writeFirstPassword(path.join(dir, "data"), "generated-password-123");
  expect(file).toBe(path.join(dir, "data", "admin-password.txt"));
  expect(readFileSync(file, "utf8")).toBe("generated-password-123\n");
  expect(statSync(file).mode & 0o777).toBe(0o600);
});

test("the mail log transport writes who and what about, never the message body", async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: "trace" }, sink);
  const transport = createMailTransport({ smtpUrl: undefined, from: "Dialogic <no-reply@dialogic.localhost>", logger });
  await transport.send(email, new AbortController().signal);
  transport.close();
  const log = lines.join("");
  expect(log).toContain("ada@example.com");
  expect(log).toContain("Your report");
  expect(log).not.toContain("hunter2hunter2");
  expect(log).not.toContain("Secret steps");
});

test("SMTP requires TLS by default for a mail server that is not on loopback, and can be told either way", () => {
  expect(loadConfig({ SMTP_URL: "smtp://mailer:pw@mail.example.com:587" }).smtpRequireTls).toBe(true);
  expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).smtpRequireTls).toBe(false);
  expect(loadConfig({ SMTP_URL: "smtp://localhost:2525" }).smtpRequireTls).toBe(false);
  expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525", SMTP_REQUIRE_TLS: "true" }).smtpRequireTls).toBe(true);
  expect(loadConfig({ SMTP_URL: "smtp://relay.internal:25", SMTP_REQUIRE_TLS: "false" }).smtpRequireTls).toBe(false);
  expect(configError({ SMTP_REQUIRE_TLS: "yes" })).toBe('Invalid configuration: SMTP_REQUIRE_TLS must be "true" or "false" (got "yes")');
});

test("with TLS required, a mail server without STARTTLS gets nothing; without, it gets the email", async () => {
  smtp = await startSmtpServer();
  const logger = pino({ level: "silent" });
  const strict = createMailTransport({ smtpUrl: smtp.url, requireTls: true, from: "no-reply@dialogic.localhost", logger });
  await expect(strict.send(email, new AbortController().signal)).rejects.toThrow(/STARTTLS|TLS/i);
  strict.close();
  expect(smtp.received).toHaveLength(0);

  const lenient = createMailTransport({ smtpUrl: smtp.url, requireTls: false, from: "no-reply@dialogic.localhost", logger });
  await lenient.send(email, new AbortController().signal);
  lenient.close();
  expect(smtp.received).toHaveLength(1);
});

test("`set-password` refuses and explains when ADMIN_PASSWORD is set, changing nothing", () => {
  const dataDir = tempDir();
  const run = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ["--import", "tsx", "server/cli.ts", "set-password"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
      input: "a-brand-new-password-456\n",
      encoding: "utf8",
    });
  const refused = run({ ADMIN_PASSWORD: "the-configured-password" });
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain("ADMIN_PASSWORD is set");
  expect(refused.stderr).toContain("would be undone");
  expect(refused.stdout).not.toContain("was changed");

  const allowed = run({ ADMIN_PASSWORD: "" });
  expect(allowed.status).toBe(0);
  expect(allowed.stdout).toContain("The admin password was changed");
});
