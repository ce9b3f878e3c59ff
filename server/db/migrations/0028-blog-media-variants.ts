import type { Kysely } from "kysely";
import sharp from "sharp";
import type { MediaExtension } from "../../../domain/media";
import { isPostgres } from "../database.server";

type MediaRows = { blog_media: { sha256: string; extension: string; data: Buffer; width: number | null; height: number | null; animated: number } };

/**
 * Smaller copies of uploaded images (docs/decisions/126-uploaded-images.md).
 *
 * - `blog_media` learns each image's displayed size and whether it moves, measured when it is
 *   stored; the images already there are measured here, one at a time. An image that does not
 *   decode keeps no size, and so never gets copies.
 * - `blog_media_variants` holds the copies, one per image and width of the fixed set, made on the
 *   first request for them. They are derived data: copy-db and backups leave them behind and
 *   the new database makes them again. No foreign key: a copy is only ever found from its image.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blog_media").addColumn("width", "integer").execute();
  await db.schema.alterTable("blog_media").addColumn("height", "integer").execute();
  await db.schema
    .alterTable("blog_media")
    .addColumn("animated", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("blog_media_variants")
    .addColumn("sha256", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("data", isPostgres(db) ? "bytea" : "blob", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("blog_media_variants_pkey", ["sha256", "width"])
    .execute();

  const media = db as unknown as Kysely<MediaRows>;
  const images = await media.selectFrom("blog_media").select(["sha256", "extension"]).orderBy("sha256").execute();
  for (const { sha256, extension } of images) {
    const { data } = await media.selectFrom("blog_media").select("data").where("sha256", "=", sha256).executeTakeFirstOrThrow();
    const dimensions = await imageDimensions(Buffer.from(data), extension as MediaExtension);
    if (!dimensions) continue;
    await media
      .updateTable("blog_media")
      .set({ width: dimensions.width, height: dimensions.height, animated: dimensions.animated ? 1 : 0 })
      .where("sha256", "=", sha256)
      .execute();
  }
}

/** The sharp format of each stored extension: an image that decodes as another is not measured. */
const DECODER_FORMATS: Record<MediaExtension, string> = { png: "png", jpg: "jpeg", webp: "webp", gif: "gif" };

/**
 * An image's upright size and whether it moves, as the media room measured it in November 2026:
 * a migration keeps its own copy, so a later change there cannot change what this one did.
 */
async function imageDimensions(bytes: Buffer, extension: MediaExtension): Promise<{ width: number; height: number; animated: boolean } | undefined> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (metadata.format !== DECODER_FORMATS[extension]) return undefined;
    const { width, height } = metadata.autoOrient;
    if (!(width > 0 && height > 0)) return undefined;
    return { width, height, animated: extension === "gif" || (metadata.pages ?? 1) > 1 };
  } catch {
    return undefined;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_media_variants").execute();
  await db.schema.alterTable("blog_media").dropColumn("animated").execute();
  await db.schema.alterTable("blog_media").dropColumn("height").execute();
  await db.schema.alterTable("blog_media").dropColumn("width").execute();
}
