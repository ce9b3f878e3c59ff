import type { ReceivedEmail } from "../helpers/smtp-server";
import { sleep, withClient } from "./cluster-kit";
import { sha256, type Acknowledged } from "./load";

export type StoredCheck = {
  contactsAcknowledged: number;
  contactsStoredOnce: number;
  reportsAcknowledged: number;
  reportsStoredOnceIntact: number;
  /** Reports of this run stored in the database (acknowledged or cut by a kill after commit). */
  reportsStored: number;
  /** Stored reports whose attachment is missing or differs from its checksum. */
  reportsPartial: number;
};

/** Looks up every acknowledged message and report of run `run` in the database. */
export async function checkStored(url: string, run: number, acknowledged: Acknowledged[]): Promise<StoredCheck> {
  return withClient(url, async (client) => {
    const prefix = `cluster-${run}-%`;
    const contacts = await client.query<{ message: string }>(
      "select message from contact_messages where message like $1",
      [`%${prefix}`],
    );
    const reports = await client.query<{ reference: string; title: string; attachments: string }>(
      `select r.reference, r.vulnerability_title as title, count(a.id)::text as attachments
         from security_reports r left join report_attachments a on a.report_id = r.id
        where r.vulnerability_title like $1 group by r.id`,
      [`Report ${prefix}`],
    );
    const attachments = await client.query<{ reference: string; sha256: string; data: Buffer }>(
      `select r.reference, a.sha256, a.data from report_attachments a join security_reports r on r.id = a.report_id
        where r.vulnerability_title like $1`,
      [`Report ${prefix}`],
    );
    const intact = new Map<string, string>();
    let partial = 0;
    for (const row of attachments.rows) {
      if (sha256(row.data) === row.sha256) intact.set(row.reference, row.sha256);
      else partial += 1;
    }
    partial += reports.rows.filter((row) => row.attachments !== "1").length;
    const contactAcks = acknowledged.filter((ack) => ack.kind === "contact");
    const reportAcks = acknowledged.filter((ack): ack is Extract<Acknowledged, { kind: "report" }> => ack.kind === "report");
    return {
      contactsAcknowledged: contactAcks.length,
      contactsStoredOnce: contactAcks.filter(
        (ack) => contacts.rows.filter((row) => row.message.endsWith(ack.marker)).length === 1,
      ).length,
      reportsAcknowledged: reportAcks.length,
      reportsStoredOnceIntact: reportAcks.filter(
        (ack) =>
          reports.rows.filter((row) => row.reference === ack.reference && row.title.endsWith(ack.marker)).length === 1 &&
          intact.get(ack.reference) === ack.sha256,
      ).length,
      reportsStored: reports.rows.length,
      reportsPartial: partial,
    };
  });
}

export type MailCheck = {
  /** Outbox rows marked sent by SMTP. */
  sent: number;
  /** Emails the SMTP server received, and how many distinct Message-IDs among them. */
  delivered: number;
  distinctDelivered: number;
  /** Sent rows whose Message-ID the SMTP server never saw. */
  missing: number;
  pendingLeft: number;
  secondsToDrain: number;
};

/**
 * Waits (up to `timeoutMs`) until the outbox holds nothing pending, then compares it with what
 * the SMTP server received: by Message-ID, which is stable per outbox row.
 */
export async function checkMail(url: string, received: ReceivedEmail[], timeoutMs: number): Promise<MailCheck> {
  const started = Date.now();
  let pending = Number.POSITIVE_INFINITY;
  while (Date.now() - started < timeoutMs) {
    pending = await withClient(url, async (client) =>
      Number((await client.query<{ n: string }>("select count(*)::text as n from mail_outbox where status = 'pending'")).rows[0]?.n),
    );
    if (pending === 0) break;
    await sleep(500);
  }
  const secondsToDrain = (Date.now() - started) / 1000;
  // Anything a worker was sending at that moment has arrived by now.
  await sleep(500);
  const sentIds = await withClient(url, async (client) =>
    (await client.query<{ id: string }>("select id from mail_outbox where status = 'sent' and delivered_via = 'smtp'")).rows.map((row) => row.id),
  );
  const deliveredIds = received.map((email) => (email.headers["message-id"] ?? "").replace(/^<|@.*$/g, ""));
  const distinct = new Set(deliveredIds);
  return {
    sent: sentIds.length,
    delivered: received.length,
    distinctDelivered: distinct.size,
    missing: sentIds.filter((id) => !distinct.has(id)).length,
    pendingLeft: pending,
    secondsToDrain,
  };
}
