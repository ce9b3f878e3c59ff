import crypto from "node:crypto";
import {
  MEDIA_MAX_BYTES,
  MEDIA_TYPES,
  mediaMessages,
  mediaPath,
  sniffImageType,
  type MediaExtension,
} from "../../domain/media";
import type { AppDatabase } from "../db/database.server";

/**
 * Uploaded images (docs/decisions/126-uploaded-images.md): the type is decided from the bytes,
 * the bytes are stored in the database under their SHA-256, and the address names that hash, so
 * it never changes meaning and may be cached forever.
 */
export type StoreImageResult =
  | { ok: true; url: string; sha256: string; extension: MediaExtension; size: number }
  | { ok: false; code: "too_large" | "wrong_type" | "empty"; error: string };

export async function storeImage(db: AppDatabase, bytes: Buffer): Promise<StoreImageResult> {
  if (bytes.length === 0) return { ok: false, code: "empty", error: mediaMessages.empty };
  if (bytes.length > MEDIA_MAX_BYTES) return { ok: false, code: "too_large", error: mediaMessages.tooLarge };
  const extension = sniffImageType(bytes);
  if (!extension) return { ok: false, code: "wrong_type", error: mediaMessages.wrongType };
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  await db
    .insertInto("blog_media")
    .values({
      sha256,
      extension,
      content_type: MEDIA_TYPES[extension],
      size: bytes.length,
      data: bytes,
      created_at: new Date().toISOString(),
    })
    // The same bytes twice: one stored copy, one address.
    .onConflict((oc) => oc.column("sha256").doNothing())
    .execute();
  return { ok: true, url: mediaPath(sha256, extension), sha256, extension, size: bytes.length };
}

export type StoredImage = { contentType: string; data: Buffer };

/** The image behind /media/<sha256>.<ext>; undefined when there is none with that extension. */
export async function readImage(db: AppDatabase, sha256: string, extension: MediaExtension): Promise<StoredImage | undefined> {
  const row = await db
    .selectFrom("blog_media")
    .select(["content_type", "data", "extension"])
    .where("sha256", "=", sha256)
    .executeTakeFirst();
  if (!row || row.extension !== extension) return undefined;
  return { contentType: row.content_type, data: Buffer.from(row.data) };
}
