import { mediaVariantWidths, type MediaExtension, type MediaWidth } from "../../domain/media";
import type { AppDatabase } from "../db/database.server";
import type { Logger } from "../logger.server";
import { resizeToWebp } from "./image-processing.server";

/**
 * Smaller copies of uploaded images (docs/decisions/126-uploaded-images.md): made from the stored
 * original on the first request for one, then stored, so every process and every later request
 * reads it back. Only the widths of the fixed set below the original's width exist; for anything
 * else there is nothing (a 404), so no request can make the server resize at will.
 */

/** Copies being made in this process, so simultaneous first requests resize once. */
const inFlight = new Map<string, Promise<Buffer | undefined>>();
/** Images that did not resize in this process: not tried again until it restarts (one entry per image and width at most). */
const failed = new Set<string>();

/** The WebP copy of image `sha256` at `width`; undefined when the image has none at that width. */
export async function readVariant(
  db: AppDatabase,
  sha256: string,
  width: MediaWidth,
  logger: Pick<Logger, "warn">,
): Promise<Buffer | undefined> {
  const stored = await db
    .selectFrom("blog_media_variants")
    .select("data")
    .where("sha256", "=", sha256)
    .where("width", "=", width)
    .executeTakeFirst();
  if (stored) return Buffer.from(stored.data);
  const key = `${sha256}-${width}`;
  if (failed.has(key)) return undefined;
  let making = inFlight.get(key);
  if (!making) {
    making = makeVariant(db, sha256, width, (error) => {
      failed.add(key);
      logger.warn({ err: error, sha256, width }, "an uploaded image could not be resized");
    }).finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}

async function makeVariant(
  db: AppDatabase,
  sha256: string,
  width: MediaWidth,
  resizeFailed: (error: unknown) => void,
): Promise<Buffer | undefined> {
  const original = await db
    .selectFrom("blog_media")
    .select(["extension", "width", "height", "animated", "data"])
    .where("sha256", "=", sha256)
    .executeTakeFirst();
  if (!original || original.width === null || original.height === null) return undefined;
  const dimensions = { width: original.width, height: original.height, animated: Number(original.animated) === 1 };
  if (!mediaVariantWidths(original.extension as MediaExtension, dimensions).includes(width)) return undefined;
  let data: Buffer;
  try {
    data = await resizeToWebp(Buffer.from(original.data), width);
  } catch (error) {
    // Bytes that do not decode stay so: no copy, and no second try. A database error is not
    // caught here: the request fails and the next one tries again.
    resizeFailed(error);
    return undefined;
  }
  await db
    .insertInto("blog_media_variants")
    .values({ sha256, width, size: data.length, data, created_at: new Date().toISOString() })
    // Another process made the same copy meanwhile: one row.
    .onConflict((oc) => oc.columns(["sha256", "width"]).doNothing())
    .execute();
  return data;
}
