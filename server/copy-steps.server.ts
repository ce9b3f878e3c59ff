import crypto from "node:crypto";
import { DAY_KEYED_TABLES } from "./analytics/day-salts.server";
import type { AppDatabase } from "./db/database.server";
import type { CopySteps } from "./db/copy-database.server";
import { readAttachmentChunks } from "./reports/attachment-store.server";
import { indexMissingPosts } from "./search/post-search.server";

/**
 * What each feature carries into a copy or a backup of the database (copy-db, backup): the
 * database layer moves the rows and knows no feature; each feature says here what stays behind,
 * what it writes afresh and how a finished copy is checked.
 */
export const SITE_COPY_STEPS: CopySteps = {
  // Analytics (decision 175): the day's salt and what is keyed under it never leave their database.
  leftOut: DAY_KEYED_TABLES,
  // Search (decision 156): the index is derived from the posts.
  afterCopy: [indexMissingPosts],
  // Reports: every file rebuilt from the copy's bytes, against the SHA-256 recorded when it was received.
  verify: [verifyAttachments],
};

async function verifyAttachments(target: AppDatabase): Promise<void> {
  const attachments = await target.selectFrom("report_attachments").select(["id", "sha256"]).execute();
  for (const { id, sha256 } of attachments) {
    const hash = crypto.createHash("sha256");
    for await (const piece of readAttachmentChunks(target, id)) hash.update(piece);
    if (hash.digest("hex") !== sha256) {
      throw new Error(`Verification failed: attachment ${id} differs from the source (SHA-256).`);
    }
  }
}
