/**
 * The operator CLI: `npm run admin -- <command>`. Each command opens the configured database,
 * does its work and closes it again.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import { audit } from "./audit/audit.server";
import { setAdminPassword } from "./auth/admin-auth.server";
import { SECOND_FACTOR_LIMIT } from "./auth/code-budget.server";
import { resetSecondFactor } from "./auth/factors.server";
import { seedExamplePosts } from "./blog/example-posts.server";
import { ensureSpecificationPages } from "./pages/specification-pages.server";
import { exportPosts, importPosts } from "./blog/post-transfer.server";
import { exportPages, importPages } from "./pages/page-transfer.server";
import { exportNavigation, importNavigation } from "./navigation/navigation-transfer.server";
import { exportForms, importForms } from "./forms/form-transfer.server";
import { loadConfig, type Config } from "./config.server";
import { backupDatabase } from "./db/backup.server";
import { copyDatabase } from "./db/copy-database.server";
import { createDatabase, type AppDatabase, type DatabaseTarget } from "./db/database.server";
import { migrateToLatest } from "./db/migrate.server";
import { moveInlineImages } from "./media/inline-images.server";
import { resetAttempts } from "./limits/rate-limits.server";
import { countOutbox, listUndeliveredEmails, retryFailedEmails } from "./mail/outbox.server";
import { purgeClosedReportAttachments } from "./reports/attachment-store.server";
import { formatBytes } from "../domain/report-attachments";
import { INVITABLE_ROLES, ROLE_LABELS } from "../domain/roles";
import { invitationPath, invitationSchema, OWNER_ID } from "../domain/people";
import { invitePerson, listPeople, personIdByEmail, removePerson } from "./people/people.server";
import { SITE_COPY_STEPS } from "./copy-steps.server";

type CommandContext = { config: Config; db: AppDatabase; args: string[] };

type Command = {
  summary: string;
  run: (context: CommandContext) => Promise<void>;
};

const commands: Record<string, Command> = {
  migrate: {
    summary: "apply pending database migrations",
    async run({ db }) {
      const applied = await migrateToLatest(db);
      console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
    },
  },
  "set-password": {
    summary: "set the admin password (read from standard input), end every admin session and revoke every preview link",
    async run({ db, config }) {
      if (config.adminPassword) {
        // The server makes ADMIN_PASSWORD the password at every start: a change here would be undone.
        throw new UsageError(
          "ADMIN_PASSWORD is set, and every server start makes it the admin password again, so a password set here would be undone. " +
            "Change ADMIN_PASSWORD where the server's environment is configured and restart, or unset it and run set-password again.",
        );
      }
      const password = await readSecret("New admin password (at least 12 characters): ");
      if (password.length < 12) throw new Error("The password must be at least 12 characters long.");
      await setAdminPassword(db, password);
      await audit.record(db, { action: "password.changed", target: "set-password" });
      console.log("The admin password was changed; every admin session and preview link was ended.");
    },
  },
  "reset-mfa": {
    summary:
      "remove every authenticator and recovery code and end every session of the owner (or, with --email ADDRESS, of that person), for someone who lost both (sign in with the password, then add one again)",
    async run({ db, args }) {
      const personId = await personOfArgs(db, args);
      const { factors, recoveryCodes, sessions } = await resetSecondFactor(db, personId);
      // Budget spent by guesses must not keep the person out after the reset.
      await resetAttempts(db, SECOND_FACTOR_LIMIT, personId);
      await audit.record(db, { action: "mfa.reset", target: "reset-mfa", detail: personId === OWNER_ID ? null : args[1] });
      console.log(
        `Removed ${factors} authenticator(s) and ${recoveryCodes} recovery code(s); ended ${sessions} session(s). Sign in with the password alone, then add an authenticator again.`,
      );
    },
  },
  people: {
    summary: "list the people of the team: address, name, role, and whether they took their invitation",
    async run({ db }) {
      for (const person of await listPeople(db)) {
        const seen = person.last_sign_in_at ? `last signed in ${person.last_sign_in_at}` : "never signed in";
        console.log(`${person.email ?? "(the admin password)"}  ${person.name}  ${ROLE_LABELS[person.role]}  ${person.status}, ${seen}`);
      }
    },
  },
  invite: {
    summary: `invite someone and print their invitation link (for a site without a mail server): invite EMAIL ROLE [NAME], ROLE one of ${INVITABLE_ROLES.join(", ")}`,
    async run({ db, config, args }) {
      const [email, role, ...name] = args;
      const parsed = invitationSchema.safeParse({ email, role, name: name.join(" ") || email?.split("@")[0] });
      if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join("; "));
      const invited = await invitePerson(db, parsed.data, OWNER_ID);
      if (!invited.ok) throw new UsageError(invited.error);
      await audit.record(db, { action: "person.invited", target: invited.person.id, label: invited.person.email, detail: parsed.data.role });
      console.log(`Invited ${invited.person.email} as ${ROLE_LABELS[parsed.data.role]}. Their link, valid for 7 days and usable once:`);
      console.log(`${config.public.siteUrl}${invitationPath(invited.token)}`);
    },
  },
  remove: {
    summary: "remove a person from the team (their sessions, devices, factors and preview links end; their work stays in their name): remove EMAIL",
    async run({ db, args }) {
      const personId = await personOfArgs(db, ["--email", ...args]);
      const removed = await removePerson(db, personId, { id: "", role: "owner" });
      if (!removed.ok) throw new UsageError(removed.error);
      await audit.record(db, { action: "person.removed", target: personId, label: removed.person.name });
      console.log(`Removed ${removed.person.name} (${args[0]}).`);
    },
  },
  outbox: {
    summary: "list pending and failed emails; `outbox retry [id]` requeues failed ones",
    async run({ db, config, args }) {
      const [action, id] = args;
      if (action === "retry") {
        const requeued = await retryFailedEmails(db, id);
        console.log(`Requeued ${requeued} failed email${requeued === 1 ? "" : "s"}; running servers send them at their next poll.`);
        return;
      }
      if (action) throw new Error(`Unknown outbox action "${action}". Use: outbox, or outbox retry [id]`);
      const counts = await countOutbox(db);
      console.log(
        `Outbox: ${counts.pending} pending, ${counts.failed} failed, ${counts.sentBySmtp} sent by SMTP, ${counts.sentToLog} only logged (no SMTP_URL).`,
      );
      if (!config.smtpUrl) console.log("SMTP_URL is not set: new emails are written to the log, not sent.");
      for (const email of await listUndeliveredEmails(db)) {
        const when = email.status === "pending" ? `next attempt ${email.next_attempt_at}` : "gave up";
        console.log(
          `\n${email.id}  ${email.status.toUpperCase()}  ${email.attempts} attempt(s), ${when}\n` +
            `  created ${email.created_at}  to ${email.to_address}  "${email.subject}"` +
            (email.last_error ? `\n  last error: ${email.last_error}` : ""),
        );
      }
    },
  },
  "purge-attachments": {
    summary:
      "delete the attachments of closed reports (resolved, not applicable, duplicate, informative, out of scope, spam or withdrawn) unchanged for N days: purge-attachments [--older-than N] (default ATTACHMENT_RETENTION_DAYS)",
    async run({ db, config, args }) {
      const days = olderThanDays(args, config.attachmentRetentionDays);
      const { attachments, bytes } = await purgeClosedReportAttachments(db, days);
      console.log(
        `Purged ${attachments} attachment${attachments === 1 ? "" : "s"} (${formatBytes(bytes)}) of reports closed more than ${days} day${days === 1 ? "" : "s"} ago.`,
      );
    },
  },
  seed: {
    summary: "add the specification's pages where none is yet, and a few clearly marked example blog posts (skips those already there)",
    async run({ db }) {
      const pages = await ensureSpecificationPages(db);
      if (pages.length) console.log(`Added the specification's pages: ${pages.join(", ")}`);
      const { created, skipped } = await seedExamplePosts(db);
      if (created.length) console.log(`Added example posts: ${created.join(", ")}`);
      if (skipped.length) console.log(`Already there: ${skipped.join(", ")}`);
    },
  },
  export: {
    summary: "write every blog post, its revisions, old addresses and images, every page, the menus' versions, and every form with its submissions, as JSON to a file (or standard output): export [file]",
    async run({ db, args }) {
      const json = JSON.stringify({ ...(await exportPosts(db)), ...(await exportPages(db)), ...(await exportNavigation(db)), ...(await exportForms(db)) }, null, 2);
      const [file] = args;
      if (!file) return void process.stdout.write(`${json}\n`);
      await writeFile(file, `${json}\n`);
      console.log(`Exported the blog posts to ${file}.`);
    },
  },
  import: {
    summary: "create or update blog posts (by slug) and pages (by address) from an export file: import <file>",
    async run({ db, args }) {
      const [file] = args;
      if (!file) throw new UsageError("Name the file to import: npm run admin -- import posts.json");
      const data: unknown = JSON.parse(await readFile(file, "utf8"));
      const { created, updated, refused, revisions, redirects } = await importPosts(db, data);
      console.log(`Created ${created.length}, updated ${updated.length}, refused ${refused.length}.`);
      console.log(`Revisions: added ${revisions.imported}, skipped ${revisions.skipped}. Old addresses: added ${redirects.imported}, skipped ${redirects.skipped}.`);
      for (const { slug, fields } of refused) console.log(`  refused "${slug}": ${describeFields(fields)}`);
      // Forms first: the pages' form blocks name them.
      const forms = await importForms(db, data);
      if (forms.forms.created.length + forms.forms.updated.length + forms.forms.refused.length + forms.submissions.imported + forms.submissions.skipped > 0) {
        console.log(`Forms: created ${forms.forms.created.length}, updated ${forms.forms.updated.length}, refused ${forms.forms.refused.length}; submissions added ${forms.submissions.imported}, skipped ${forms.submissions.skipped}.`);
        for (const { id, fields } of forms.forms.refused) console.log(`  refused form "${id}": ${describeFields(fields)}`);
      }
      const menus = await importNavigation(db, data);
      if (menus.imported + menus.skipped + menus.refused.length > 0) {
        console.log(`Menu versions: added ${menus.imported}, skipped ${menus.skipped}, refused ${menus.refused.length}.`);
        for (const { id, error } of menus.refused) console.log(`  refused menu version "${id}": ${error}`);
      }
      const pages = await importPages(db, data);
      if (pages.created.length + pages.updated.length + pages.refused.length === 0) return;
      console.log(`Pages: created ${pages.created.length}, updated ${pages.updated.length}, refused ${pages.refused.length}; old addresses added ${pages.redirects.imported}, skipped ${pages.redirects.skipped}.`);
      for (const { path, fields } of pages.refused) console.log(`  refused page "${path}": ${describeFields(fields)}`);
    },
  },
  backup: {
    summary: "write an online, consistent backup (a SQLite file) while the site runs: backup <file>",
    async run({ db, args }) {
      const [file] = args;
      if (!file) throw new UsageError("Name the backup file: npm run admin -- backup backups/site-2026-11-23.db");
      const counts = await backupDatabase(db, file, SITE_COPY_STEPS);
      console.log(`Backed up to ${path.resolve(file)} and verified: ${summarise(counts)}.`);
    },
  },
  "move-inline-images": {
    summary: "move base64 images inside posts out to stored images served from /media/",
    async run({ db }) {
      const { posts, images, kept } = await moveInlineImages(db);
      console.log(`Moved ${images} image${images === 1 ? "" : "s"} out of ${posts} post${posts === 1 ? "" : "s"}.`);
      if (kept) console.log(`Left ${kept} inline image(s) that an upload would refuse (type or size).`);
    },
  },
  "copy-db": {
    summary: "copy everything into another, empty database: copy-db --to <postgres URL or SQLite file>",
    async run({ db, args }) {
      const [flag, destination] = args;
      if (flag !== "--to" || !destination) {
        throw new UsageError("Name the target: npm run admin -- copy-db --to postgres://user@host/db");
      }
      const target = createDatabase(databaseTarget(destination));
      try {
        const counts = await copyDatabase(db, target, SITE_COPY_STEPS);
        console.log(`Copied and verified (row counts, attachment checksums): ${summarise(counts)}.`);
      } finally {
        await target.destroy();
      }
    },
  },
};

/** A refused entry's problems on one line: "field: message; field: message". */
function describeFields(fields: Record<string, string>): string {
  return Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join("; ");
}

function summarise(counts: Record<string, number>): string {
  return Object.entries(counts).map(([table, rows]) => `${table} ${rows}`).join(", ");
}

/** The owner, or the person whose address follows `--email`. */
async function personOfArgs(db: AppDatabase, args: string[]): Promise<string> {
  const [flag, email] = args;
  if (flag === undefined) return OWNER_ID;
  if (flag !== "--email" || !email) throw new UsageError("Give the person as --email ADDRESS");
  const personId = await personIdByEmail(db, email.trim().toLowerCase());
  if (!personId) throw new UsageError(`No one on the team has the address ${email}`);
  return personId;
}

class UsageError extends Error {
  override name = "UsageError";
}

/** `--older-than N` (whole days, at least 1), or the configured retention. */
function olderThanDays(args: string[], configured: number | undefined): number {
  const [flag, value] = args;
  if (flag === undefined) {
    if (configured !== undefined) return configured;
    throw new UsageError("Say how old: purge-attachments --older-than <days> (or set ATTACHMENT_RETENTION_DAYS).");
  }
  const days = Number(value);
  if (flag !== "--older-than" || !Number.isInteger(days) || days < 1) {
    throw new UsageError("Usage: purge-attachments --older-than <days>, a whole number of at least 1.");
  }
  return days;
}

function databaseTarget(destination: string): DatabaseTarget {
  return /^postgres(ql)?:\/\//.test(destination)
    ? { kind: "postgres", url: destination }
    : { kind: "sqlite", file: path.resolve(destination) };
}

/** Reads one line without echoing it when typed at a terminal; piped input works too. */
async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  const rl = readline.createInterface({ input, output: process.stdout, terminal: input.isTTY });
  if (input.isTTY) {
    process.stdout.write(prompt);
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
  }
  const line = await new Promise<string>((resolve) => rl.once("line", resolve).once("close", () => resolve("")));
  rl.close();
  if (input.isTTY) process.stdout.write("\n");
  return line.trim();
}

function usage(): string {
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(14)}${command.summary}`);
  return `Usage: npm run admin -- <command>\n\nCommands:\n${lines.join("\n")}`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n\n${usage()}` : usage());
    return 2;
  }
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    // Every command works on an up-to-date schema.
    if (name !== "migrate") await migrateToLatest(db);
    await command.run({ config, db, args });
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Operators get the message; DEBUG=1 shows where it came from.
    console.error(error instanceof Error && !process.env.DEBUG ? error.message : error);
    process.exit(1);
  },
);
