import crypto from "node:crypto";
import { redactCaseLinks } from "../../domain/disclosure-case";
import { definedOnly } from "../../domain/validation";
import type { AppDatabase } from "../db/database.server";
import { isDatabaseUnreachable } from "../db/database-errors.server";
import type { Logger } from "../logger.server";
import { onOutboxNotified } from "./outbox.server";
import type { MailTransport, StoredEmail } from "./transport.server";

export type OutboxWorkerOptions = {
  db: AppDatabase;
  transport: MailTransport;
  logger: Logger;
  /** Names this worker in `claimed_by`; unique per process by default. */
  workerId?: string;
  /** How often the outbox is checked when nothing signals new mail (other processes' emails). */
  pollIntervalMs?: number;
  /** How long a claim holds; a crashed worker's emails are retried after it. */
  claimTtlMs?: number;
  /** One send may take at most this long, well inside the claim. */
  sendTimeoutMs?: number;
  /** First retry delay; it doubles per failed attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts the email is marked 'failed' (the CLI can requeue it). */
  maxAttempts?: number;
  /** Emails looked at per pass. */
  batchSize?: number;
};

export const OUTBOX_DEFAULTS = {
  pollIntervalMs: 5_000,
  claimTtlMs: 5 * 60_000,
  sendTimeoutMs: 2 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  // 30 s doubling to the one-hour cap, then hourly: about 41 hours of retrying.
  maxAttempts: 48,
  batchSize: 20,
} as const;

/** The longest pause between passes while the database keeps failing. */
const MAX_FAILED_PASS_PAUSE_MS = 15_000;

export type OutboxWorker = {
  workerId: string;
  /** Runs a pass now (new mail was committed). */
  kick(): void;
  /** One pass: claims and sends every due email it can; resolves with the number sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the email being sent, if any. */
  stop(): Promise<void>;
};

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(baseDelayMs * 2 ** exponent, maxDelayMs);
}

/**
 * Claims one email for this worker: a conditional UPDATE that succeeds for exactly one worker,
 * on SQLite and PostgreSQL alike, because the row is changed only while nobody holds it.
 */
export async function claimEmail(
  db: AppDatabase,
  id: string,
  workerId: string,
  now: Date,
  claimTtlMs: number,
): Promise<boolean> {
  const nowText = now.toISOString();
  const result = await db
    .updateTable("mail_outbox")
    .set({ claimed_by: workerId, claimed_until: new Date(now.getTime() + claimTtlMs).toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", nowText)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowText)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Delivers the outbox: polls for due emails (and wakes at once on `notifyOutbox()`), claims
 * each one atomically, sends it, and records the outcome. Any number of workers in any number
 * of processes may share the database; each email is sent by the one worker that claimed it.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const settings = { ...OUTBOX_DEFAULTS, ...definedOnly(options) };
  // A send must end well inside the claim, or another worker could take the email meanwhile.
  settings.sendTimeoutMs = Math.min(settings.sendTimeoutMs, settings.claimTtlMs / 2);
  const { db, transport, logger } = options;
  const workerId = options.workerId ?? `${process.pid}-${crypto.randomUUID()}`;

  let running = true;
  let kicked = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const stopController = new AbortController();
  const delivery: Delivery = { db, logger, transport, workerId, settings };

  async function runOnce(): Promise<number> {
    let sent = 0;
    const now = new Date();
    const due = await dueEmails(db, now, settings.batchSize);
    for (const { id } of due) {
      if (!running) break;
      if (!(await claimEmail(db, id, workerId, new Date(), settings.claimTtlMs))) continue;
      if (await deliver(id)) sent += 1;
    }
    return sent;
  }

  async function deliver(id: string): Promise<boolean> {
    const email = await db
      .selectFrom("mail_outbox")
      .select(["id", "to_address", "reply_to", "subject", "text_body", "html_body", "attempts"])
      .where("id", "=", id)
      .where("claimed_by", "=", workerId)
      .executeTakeFirst();
    if (!email) return false;
    const attempts = Number(email.attempts) + 1;
    try {
      const signal = AbortSignal.any([stopController.signal, AbortSignal.timeout(settings.sendTimeoutMs)]);
      await transport.send(email satisfies StoredEmail, signal);
    } catch (error) {
      await recordFailure(delivery, id, attempts, error);
      return false;
    }
    await recordSent(delivery, id, attempts, email.text_body);
    if (transport.kind === "smtp") logger.info({ mailId: id, attempts }, "email sent");
    return true;
  }

  async function loop(): Promise<void> {
    let failedPasses = 0;
    while (running) {
      let sent = 0;
      try {
        sent = await runOnce();
        failedPasses = 0;
      } catch (error) {
        // The database is away (a restart, a failover): back off, then try again by itself.
        // A SQLite lock held by another writer is momentary: retry at the next poll.
        failedPasses = isDatabaseUnreachable(error) ? failedPasses + 1 : 0;
        const log = failedPasses > 1 ? logger.warn.bind(logger) : logger.error.bind(logger);
        log({ err: error, failedPasses }, failedPasses ? "outbox pass failed; backing off" : "outbox pass failed");
      }
      if (!running) break;
      // A full batch means more may be due at once.
      if (sent >= settings.batchSize) continue;
      if (kicked && failedPasses === 0) {
        kicked = false;
        continue;
      }
      kicked = false;
      const pause = failedPasses
        ? Math.min(settings.pollIntervalMs * 2 ** (failedPasses - 1), MAX_FAILED_PASS_PAUSE_MS)
        : settings.pollIntervalMs;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pause);
      });
      wake = undefined;
      clearTimeout(timer);
    }
  }

  function kick(): void {
    kicked = true;
    wake?.();
  }

  const unsubscribe = onOutboxNotified(kick);
  const done = loop();

  return {
    workerId,
    kick,
    runOnce,
    async stop() {
      if (!running) return done;
      running = false;
      unsubscribe();
      wake?.();
      // Give an email being sent a moment to finish, then abandon it; its claim expires and it is retried.
      const abandon = setTimeout(() => stopController.abort(new Error("outbox worker stopped")), 5_000);
      await done;
      clearTimeout(abandon);
    },
  };
}

/** What recording an attempt needs: the database, the log, the transport, whose claim, the settings. */
type Delivery = {
  db: AppDatabase;
  logger: OutboxWorkerOptions["logger"];
  transport: OutboxWorkerOptions["transport"];
  workerId: string;
  settings: { [K in keyof typeof OUTBOX_DEFAULTS]: number };
};

/** The ids of the emails due now that nobody holds, oldest first, a batch at a time. */
function dueEmails(db: AppDatabase, now: Date, batchSize: number) {
  return db
    .selectFrom("mail_outbox")
    .select(["id"])
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now.toISOString())
    .where((eb) =>
      eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now.toISOString())]),
    )
    .orderBy("next_attempt_at", "asc")
    .orderBy("id", "asc")
    .limit(batchSize)
    .execute();
}

/**
 * Marks a delivered email sent. The mail server has it already, so while the database is away
 * this keeps trying (inside the claim) rather than let the claim expire and the email go twice.
 * A reporter's case link is a key to their report: once it is on its way, the copy kept here
 * loses its token.
 */
async function recordSent({ db, logger, transport, workerId, settings }: Delivery, id: string, attempts: number, text: string): Promise<void> {
  const kept = redactCaseLinks(text);
  const giveUpAt = Date.now() + settings.claimTtlMs / 2;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      await db
        .updateTable("mail_outbox")
        .set({
          status: "sent",
          attempts,
          ...(kept === text ? {} : { text_body: kept }),
          sent_at: new Date().toISOString(),
          delivered_via: transport.kind,
          claimed_by: null,
          claimed_until: null,
        })
        .where("id", "=", id)
        .where("claimed_by", "=", workerId)
        .execute();
      return;
    } catch (error) {
      if (Date.now() + wait > giveUpAt) throw error;
      logger.warn({ mailId: id, err: error }, "email sent, but not yet marked sent: retrying");
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function recordFailure({ db, logger, workerId, settings }: Delivery, id: string, attempts: number, error: unknown): Promise<void> {
  const message = errorText(error);
  const giveUp = attempts >= settings.maxAttempts;
  const delay = retryDelayMs(attempts, settings.baseDelayMs, settings.maxDelayMs);
  const nextAttemptAt = new Date(Date.now() + delay).toISOString();
  await db
    .updateTable("mail_outbox")
    .set({
      status: giveUp ? "failed" : "pending",
      attempts,
      last_error: message,
      next_attempt_at: nextAttemptAt,
      claimed_by: null,
      claimed_until: null,
    })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .execute();
  const log = giveUp ? logger.error.bind(logger) : logger.warn.bind(logger);
  log(
    { mailId: id, attempts, error: message, nextAttemptAt: giveUp ? undefined : nextAttemptAt },
    giveUp ? "email delivery failed for good; requeue with: npm run admin -- outbox retry" : "email delivery failed; will retry",
  );
}


function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const text = typeof code === "string" && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
    return text.slice(0, 1_000);
  }
  return String(error).slice(0, 1_000);
}
