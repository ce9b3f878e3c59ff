import type { AppDatabase } from "../db/database.server";
import { storeImage } from "./media.server";

/** An uploaded image in an export file: its bytes as base64 under its address's hash. */
export type MediaExport = { sha256: string; extension: string; data: string };

export async function exportMedia(db: AppDatabase): Promise<MediaExport[]> {
  const rows = await db.selectFrom("blog_media").select(["sha256", "extension", "data"]).orderBy("sha256").execute();
  return rows.map((row) => ({ sha256: row.sha256, extension: row.extension, data: Buffer.from(row.data).toString("base64") }));
}

/**
 * Stores the images of an export file. Each is checked like an upload and keyed by the hash of
 * its bytes, so an edited file cannot put other bytes behind an existing address.
 */
export async function importMedia(db: AppDatabase, media: unknown): Promise<number> {
  if (!Array.isArray(media)) return 0;
  let stored = 0;
  for (const entry of media as Partial<MediaExport>[]) {
    if (typeof entry?.data !== "string") continue;
    const result = await storeImage(db, Buffer.from(entry.data, "base64"));
    if (result.ok) stored += 1;
  }
  return stored;
}
