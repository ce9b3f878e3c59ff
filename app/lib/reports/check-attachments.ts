import {
  ATTACHMENT_LIMITS,
  attachmentMessages,
  cleanBaseName,
  sniffAttachmentKind,
} from "../../../domain/report-attachments";

export type AttachmentCheck = { accepted: File[]; refused: string[] };

/** Same name and size: the same file chosen twice (browsers give no better identity). */
function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size;
}

/**
 * The page's checks on newly chosen files, before anything is uploaded: count, size, total,
 * duplicates, and the type from the file's first bytes (the server checks all of it again).
 * Returns the files to add and one message per refusal.
 */
export async function checkAttachments(existing: readonly File[], incoming: readonly File[]): Promise<AttachmentCheck> {
  const accepted: File[] = [];
  const refused: string[] = [];
  let total = existing.reduce((sum, file) => sum + file.size, 0);
  for (const file of incoming) {
    const name = cleanBaseName(file.name) || "file";
    if (existing.length + accepted.length >= ATTACHMENT_LIMITS.maxFiles) {
      if (!refused.includes(attachmentMessages.tooMany)) refused.push(attachmentMessages.tooMany);
      continue;
    }
    if ([...existing, ...accepted].some((other) => sameFile(other, file))) {
      refused.push(attachmentMessages.duplicate(name));
      continue;
    }
    if (file.size > ATTACHMENT_LIMITS.maxFileBytes) {
      refused.push(attachmentMessages.tooLarge(name));
      continue;
    }
    if (file.size === 0) {
      refused.push(attachmentMessages.empty(name));
      continue;
    }
    const head = new Uint8Array(await file.slice(0, ATTACHMENT_LIMITS.pageSniffBytes).arrayBuffer());
    if (!sniffAttachmentKind(head, file.size <= ATTACHMENT_LIMITS.pageSniffBytes)) {
      refused.push(attachmentMessages.wrongType(name));
      continue;
    }
    if (total + file.size > ATTACHMENT_LIMITS.maxTotalBytes) {
      if (!refused.includes(attachmentMessages.totalTooLarge)) refused.push(attachmentMessages.totalTooLarge);
      continue;
    }
    accepted.push(file);
    total += file.size;
  }
  return { accepted, refused };
}
