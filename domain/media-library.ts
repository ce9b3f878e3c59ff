import { mediaPath, mediaVariantPath, mediaVariantWidths, type MediaExtension } from "./media";

/**
 * The media library (docs/decisions/201): the images uploaded from the admin, newest first, a
 * page at a time, for the page editor's image picker and for tools.
 */
export const MEDIA_LIBRARY_PAGE_SIZE = 24;

export type MediaLibraryItem = {
  /** Its address, /media/<sha256>.<ext>: what an image field holds. */
  url: string;
  /** The smallest WebP copy when it has one, else the original: for a thumbnail. */
  thumbnail_url: string;
  content_type: string;
  /** Displayed size in pixels; null when the image did not decode. */
  width: number | null;
  height: number | null;
  /** Bytes of the original. */
  size: number;
  /** When it was first uploaded (ISO 8601). */
  created_at: string;
};

export type MediaLibraryPage = { items: MediaLibraryItem[]; page: number; totalPages: number; total: number };

export const mediaLibraryMessages = {
  pageInvalid: "page must be a whole number of at least 1",
} as const;

/** `?page=`: 1 when left out; undefined when it is not a whole number of at least 1. */
export function parseLibraryPage(value: unknown): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value)) return undefined;
  const page = Number(value);
  return page >= 1 ? page : undefined;
}

/** A stored image's row as the library shows it. */
export function libraryItem(row: {
  sha256: string;
  extension: string;
  content_type: string;
  size: number | string;
  created_at: string;
  width: number | null;
  height: number | null;
  animated: number | boolean;
}): MediaLibraryItem {
  const extension = row.extension as MediaExtension;
  const known = row.width !== null && row.height !== null;
  const widths = known ? mediaVariantWidths(extension, { width: row.width!, height: row.height!, animated: Number(row.animated) === 1 }) : [];
  const url = mediaPath(row.sha256, extension);
  return {
    url,
    thumbnail_url: widths[0] ? mediaVariantPath(row.sha256, widths[0]) : url,
    content_type: row.content_type,
    width: row.width,
    height: row.height,
    size: Number(row.size),
    created_at: row.created_at,
  };
}
