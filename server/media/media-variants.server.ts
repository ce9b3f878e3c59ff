import { mediaVariantWidths, type MediaExtension, type MediaWidth } from "../../domain/media";
import type { AppDatabase } from "../db/database.server";
import type { Logger } from "../logger.server";
import { resizeToWebp } from "./image-processing.server";
import { storedDimensions } from "./media.server";

/**
 * Smaller copies of uploaded images (docs/decisions/126-uploaded-images.md): made from the stored
 * original on the first request for one, then stored, so every process and every later request
 * reads it back. Only the widths of the fixed set below the original's width exist; for anything
 * else there is nothing (a 404), so no request can make the server resize at will.
 */

/** Copies being made in this process, so simultaneous first requests resize once. */
const inFlight = new Map<string, Promise<Buffer | undefined>>();
/**
 * Resizes at once in this process: each holds its original's bytes (up to 5 MB) and a decoder,
 * so a burst of first requests for many images waits its turn instead of filling memory.
 */
const RESIZE_SLOTS = 2;
let resizing = 0;
const waiting: (() => void)[] = [];

async function inResizeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (resizing < RESIZE_SLOTS) resizing += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else resizing -= 1;
  }
}

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
  if (failed.has(key) || !(await hasVariant(db, sha256, width))) return undefined;
  // Asked for while being made (here or since the checks above): wait for that one.
  let making = inFlight.get(key);
  if (!making) {
    making = inResizeSlot(() =>
      makeVariant(db, sha256, width, (error) => {
        failed.add(key);
        logger.warn({ err: error, sha256, width }, "an uploaded image could not be resized");
      }),
    ).finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}

/** Whether the stored image has a copy at this width (read without its bytes). */
async function hasVariant(db: AppDatabase, sha256: string, width: MediaWidth): Promise<boolean> {
  const image = await db
    .selectFrom("blog_media")
    .select(["extension", "width", "height", "animated"])
    .where("sha256", "=", sha256)
    .executeTakeFirst();
  const dimensions = image && storedDimensions(image);
  return dimensions ? mediaVariantWidths(image.extension as MediaExtension, dimensions).includes(width) : false;
}

async function makeVariant(
  db: AppDatabase,
  sha256: string,
  width: MediaWidth,
  resizeFailed: (error: unknown) => void,
): Promise<Buffer | undefined> {
  const { data: original } = await db.selectFrom("blog_media").select("data").where("sha256", "=", sha256).executeTakeFirstOrThrow();
  let data: Buffer;
  try {
    data = await resizeToWebp(Buffer.from(original), width);
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
