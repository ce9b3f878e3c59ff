import { libraryItem, MEDIA_LIBRARY_PAGE_SIZE, type MediaLibraryPage } from "../../domain/media-library";
import type { AppDatabase } from "../db/database.server";

/**
 * One page of the uploaded images, newest first (docs/decisions/201); a page past the last
 * answers the last. The bytes are not read: the list is of addresses and sizes.
 */
export async function listStoredImages(db: AppDatabase, page = 1): Promise<MediaLibraryPage> {
  const { count } = await db
    .selectFrom("blog_media")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const totalPages = Math.max(1, Math.ceil(total / MEDIA_LIBRARY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = await db
    .selectFrom("blog_media")
    .select(["sha256", "extension", "content_type", "size", "created_at", "width", "height", "animated"])
    .orderBy("created_at", "desc")
    .orderBy("sha256", "asc")
    .limit(MEDIA_LIBRARY_PAGE_SIZE)
    .offset((current - 1) * MEDIA_LIBRARY_PAGE_SIZE)
    .execute();
  return { items: rows.map(libraryItem), page: current, totalPages, total };
}
