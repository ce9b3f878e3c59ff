import crypto from "node:crypto";
import {
  MEDIA_MAX_BYTES,
  MEDIA_TYPES,
  mediaMessages,
  mediaPath,
  mediaPathsIn,
  mediaSrcset,
  parseMediaPath,
  sniffImageType,
  type MediaDimensions,
  type MediaExtension,
  type ResponsiveImage,
} from "../../domain/media";
import type { AppDatabase } from "../db/database.server";
import { imageDimensions } from "./image-processing.server";

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
  // Measured from the headers; an image that does not decode is still stored, without copies.
  const dimensions = await imageDimensions(bytes, extension);
  await db
    .insertInto("blog_media")
    .values({
      sha256,
      extension,
      content_type: MEDIA_TYPES[extension],
      size: bytes.length,
      data: bytes,
      created_at: new Date().toISOString(),
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
      animated: dimensions?.animated ? 1 : 0,
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

/** The stored images an article's HTML names, as `responsiveImages` gives them. */
export function imagesInHtml(db: AppDatabase, html: string): Promise<Map<string, ResponsiveImage>> {
  return responsiveImages(db, mediaPathsIn(html));
}

/** A stored image's size as the table holds it; undefined when it was never measured. */
export function storedDimensions(row: {
  width: number | null;
  height: number | null;
  animated: number | boolean;
}): MediaDimensions | undefined {
  if (row.width === null || row.height === null) return undefined;
  return { width: row.width, height: row.height, animated: Number(row.animated) === 1 };
}

/**
 * The stored images among `urls` whose size is known, keyed by address (/media/<sha256>.<ext>;
 * other values are ignored), with their `srcset` when they have smaller copies. One query, by
 * primary key.
 */
export async function responsiveImages(db: AppDatabase, urls: Iterable<string | null | undefined>): Promise<Map<string, ResponsiveImage>> {
  const wanted = new Map<string, string>();
  for (const url of urls) {
    const parsed = url ? parseMediaPath(url) : undefined;
    if (parsed) wanted.set(url!, parsed.sha256);
  }
  const found = new Map<string, ResponsiveImage>();
  if (wanted.size === 0) return found;
  const rows = await db
    .selectFrom("blog_media")
    .select(["sha256", "extension", "width", "height", "animated"])
    .where("sha256", "in", [...new Set(wanted.values())])
    .execute();
  for (const row of rows) {
    const dimensions = storedDimensions(row);
    const extension = row.extension as MediaExtension;
    const url = mediaPath(row.sha256, extension);
    if (!dimensions || !wanted.has(url)) continue;
    found.set(url, { width: dimensions.width, height: dimensions.height, srcset: mediaSrcset(row.sha256, extension, dimensions) });
  }
  return found;
}
