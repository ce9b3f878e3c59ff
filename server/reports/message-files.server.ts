import crypto from "node:crypto";
import type { Config } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { insertAttachment } from "./attachment-store.server";
import type { UploadedFile } from "./report-upload.server";
import { clientQuotaExceeded, quotaExceeded } from "./upload-quota.server";

/**
 * The upload quotas checked again on the files that actually arrived with a message, whoever
 * sends it (the reporter on the case page, the team on the report page): 429 for the client's
 * own quota, 503 for the site's. Asked before anything of the message is written.
 */
export async function messageFilesOverQuota(
  trx: AppDatabase,
  config: Pick<Config, "uploadQuota">,
  files: readonly UploadedFile[],
  clientHash: string | undefined,
  now: Date,
): Promise<{ status: 429 | 503; retryAfterSeconds: number } | undefined> {
  if (files.length === 0) return undefined;
  const bytes = files.reduce((total, file) => total + file.size, 0);
  const overClient = clientHash === undefined ? undefined : await clientQuotaExceeded(trx, config.uploadQuota, clientHash, bytes, now);
  if (overClient) return { status: 429, retryAfterSeconds: overClient.retryAfterSeconds };
  const over = await quotaExceeded(trx, config.uploadQuota, bytes, now);
  return over ? { status: 503, retryAfterSeconds: over.retryAfterSeconds } : undefined;
}

/** Stores a message's files after the report's others, each tied to the message's timeline event. */
export async function insertMessageFiles(
  trx: AppDatabase,
  { reportId, eventId, files, clientHash }: { reportId: string; eventId: string; files: readonly UploadedFile[]; clientHash?: string },
  now: Date,
): Promise<void> {
  if (files.length === 0) return;
  const { next } = await trx
    .selectFrom("report_attachments")
    .select((eb) => eb.fn.coalesce(eb.fn.max("position"), eb.lit(-1)).as("next"))
    .where("report_id", "=", reportId)
    .executeTakeFirstOrThrow();
  for (const [index, file] of files.entries()) {
    await insertAttachment(
      trx,
      {
        id: crypto.randomUUID(),
        reportId,
        position: Number(next) + 1 + index,
        filename: file.filename,
        contentType: file.contentType,
        size: file.size,
        sha256: file.sha256,
        createdAt: now.toISOString(),
        clientHash,
        eventId,
      },
      file.path,
    );
  }
}
