import { createReadStream } from "node:fs";
import type { Kysely, Transaction } from "kysely";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";
import { CLOSED_REPORT_STATUSES } from "../../domain/report-status";

/**
 * Attachment bytes live in the database in chunks (docs/decisions/065): the first chunk in
 * report_attachments.data, the rest in report_attachment_chunks. Writing reads the spooled file a
 * chunk at a time and reading yields a chunk at a time, so no file is ever whole in memory.
 */
export const ATTACHMENT_CHUNK_BYTES = 256 * 1024;

export type StoredAttachmentFacts = {
  id: string;
  reportId: string;
  position: number;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
  /** Who sent it, for the per-client upload quota (`uploadClientHash`); absent without a key. */
  clientHash?: string;
  /** The case-page message it came with; absent for the report's own files. */
  eventId?: string;
};

/** Inserts an attachment row and its chunks from a file on disk, inside the caller's transaction. */
export async function insertAttachment(
  trx: Transaction<Database> | Kysely<Database>,
  facts: StoredAttachmentFacts,
  filePath: string,
): Promise<void> {
  let position = 0;
  const stream = createReadStream(filePath, { highWaterMark: ATTACHMENT_CHUNK_BYTES });
  for await (const piece of stream as AsyncIterable<Buffer>) {
    if (position === 0) {
      await trx
        .insertInto("report_attachments")
        .values({
          id: facts.id,
          report_id: facts.reportId,
          position: facts.position,
          filename: facts.filename,
          content_type: facts.contentType,
          size: facts.size,
          sha256: facts.sha256,
          data: piece,
          created_at: facts.createdAt,
          client_hash: facts.clientHash ?? null,
          event_id: facts.eventId ?? null,
        })
        .execute();
    } else {
      await trx
        .insertInto("report_attachment_chunks")
        .values({ id: `${facts.id}:${position}`, attachment_id: facts.id, position, data: piece })
        .execute();
    }
    position += 1;
  }
  if (position === 0) throw new Error("an attachment file was empty when stored");
}

/** The bytes of an attachment, one chunk at a time, in order. */
export async function* readAttachmentChunks(db: AppDatabase, attachmentId: string): AsyncGenerator<Buffer> {
  const first = await db
    .selectFrom("report_attachments")
    .select("data")
    .where("id", "=", attachmentId)
    .executeTakeFirst();
  if (!first) return;
  yield Buffer.from(first.data);
  for (let position = 1; ; position += 1) {
    const chunk = await db
      .selectFrom("report_attachment_chunks")
      .select("data")
      .where("attachment_id", "=", attachmentId)
      .where("position", "=", position)
      .executeTakeFirst();
    if (!chunk) return;
    yield Buffer.from(chunk.data);
  }
}

/** The whole file (tests and small tools; the download streams the chunks instead). */
export async function readAttachmentBytes(db: AppDatabase, attachmentId: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of readAttachmentChunks(db, attachmentId)) pieces.push(piece);
  return Buffer.concat(pieces);
}

/**
 * Deletes the attachments (bytes and descriptions) of closed reports whose last change is more
 * than `olderThanDays` days ago; the reports themselves stay. Answers how many files went.
 */
export async function purgeClosedReportAttachments(
  db: AppDatabase,
  olderThanDays: number,
  now: Date = new Date(),
): Promise<{ attachments: number; bytes: number }> {
  const cutoff = new Date(now.getTime() - olderThanDays * 24 * 60 * 60 * 1000).toISOString();
  return db.transaction().execute(async (trx) => {
    const doomed = await trx
      .selectFrom("report_attachments")
      .innerJoin("security_reports", "security_reports.id", "report_attachments.report_id")
      .select(["report_attachments.id as id", "report_attachments.size as size"])
      .where("security_reports.status", "in", CLOSED_REPORT_STATUSES)
      .where("security_reports.updated_at", "<", cutoff)
      .execute();
    const ids = doomed.map((row) => row.id);
    for (let start = 0; start < ids.length; start += 200) {
      const batch = ids.slice(start, start + 200);
      await trx.deleteFrom("report_attachment_chunks").where("attachment_id", "in", batch).execute();
      await trx.deleteFrom("report_attachments").where("id", "in", batch).execute();
    }
    return { attachments: ids.length, bytes: doomed.reduce((total, row) => total + Number(row.size), 0) };
  });
}
