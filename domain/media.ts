/**
 * Images uploaded from the admin (editor, featured image, avatar): the accepted types, decided
 * from the bytes, the size limit and the stable address (docs/decisions/126-uploaded-images.md).
 */
import { FILE_SIGNATURES, hasSignature } from "./file-signatures";

export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

export const MEDIA_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
} as const;

export type MediaExtension = keyof typeof MEDIA_TYPES;

/** What a file picker offers: the accepted types above; the server still decides by content. */
export const MEDIA_ACCEPT = Object.values(MEDIA_TYPES).join(",");

export const mediaMessages = {
  tooLarge: "Images can be at most 5 MB.",
  wrongType: "Only PNG, JPEG, WebP and GIF images can be uploaded.",
  empty: "The image is empty.",
  failed: "The image could not be uploaded. Please try again.",
  uploading: "Uploading image...",
  upload: "Upload image",
  /** The accessible name of an upload control; never a field's own label (which it would shadow). */
  uploadFor: (target: string) => `Upload image for the ${target}`,
} as const;

/** What each upload control fills, in words. */
export const UPLOAD_TARGETS = {
  featured_image_url: "featured image",
  author_avatar_url: "author avatar",
  social_image_url: "social image",
} as const;

const MEDIA_PREFIX = "/media/";
/** An uploaded image's file name, `<sha256>.<ext>`: the one pattern behind every check below. */
const MEDIA_FILE_PATTERN = `([a-f0-9]{64})\\.(${Object.keys(MEDIA_TYPES).join("|")})`;
const MEDIA_FILE = new RegExp(`^${MEDIA_FILE_PATTERN}$`);
const MEDIA_PATH_IN_TEXT = new RegExp(`${MEDIA_PREFIX}${MEDIA_FILE_PATTERN}`, "g");

/** The content hash and type named by an image's file name (`<sha256>.<ext>`); undefined otherwise. */
export function parseMediaFile(file: string): { sha256: string; extension: MediaExtension } | undefined {
  const match = MEDIA_FILE.exec(file);
  return match ? { sha256: match[1]!, extension: match[2] as MediaExtension } : undefined;
}

/** The hash of the image behind /media/<sha256>.<ext>, with its type; undefined for any other value. */
export function parseMediaPath(value: string): { sha256: string; extension: MediaExtension } | undefined {
  return value.startsWith(MEDIA_PREFIX) ? parseMediaFile(value.slice(MEDIA_PREFIX.length)) : undefined;
}

/** An address of an uploaded image on this site: /media/<sha256>.<ext>. */
export function isMediaPath(value: string): boolean {
  return parseMediaPath(value) !== undefined;
}

/** The /media addresses written in a piece of HTML: a first pick; the allowlist decides what is an image's source. */
export function mediaPathsIn(html: string): string[] {
  return html.match(MEDIA_PATH_IN_TEXT) ?? [];
}

export function mediaPath(sha256: string, extension: MediaExtension): string {
  return `${MEDIA_PREFIX}${sha256}.${extension}`;
}

/** PNG, JPEG, WebP or GIF by their magic bytes; undefined for anything else (SVG included). */
export function sniffImageType(bytes: Uint8Array): MediaExtension | undefined {
  if (hasSignature(bytes, FILE_SIGNATURES.png)) return "png";
  if (hasSignature(bytes, FILE_SIGNATURES.jpeg)) return "jpg";
  if (hasSignature(bytes, FILE_SIGNATURES.gif) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return "gif";
  }
  if (hasSignature(bytes, FILE_SIGNATURES.riff) && hasSignature(bytes, FILE_SIGNATURES.webp, 8)) return "webp";
  return undefined;
}

/**
 * Smaller copies of uploaded images (docs/decisions/126-uploaded-images.md): this fixed set of
 * widths only, each below the original's width, as WebP. The set bounds the work anyone can ask
 * of the server; no other width is ever made.
 */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;

export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

export const MEDIA_VARIANT_TYPE = "image/webp";

/** Images with more pixels than this (about 7,000 × 5,700) are served only as uploaded. */
export const MEDIA_MAX_PIXELS = 40_000_000;

/** What the server knows of a stored image: its displayed size, and whether it moves. */
export type MediaDimensions = { width: number; height: number; animated: boolean };

const MEDIA_VARIANT_FILE = new RegExp(`^([a-f0-9]{64})-(${MEDIA_WIDTHS.join("|")})w\\.webp$`);

/** The hash and width named by a smaller copy's file name (`<sha256>-<width>w.webp`); undefined otherwise. */
export function parseMediaVariantFile(file: string): { sha256: string; width: MediaWidth } | undefined {
  const match = MEDIA_VARIANT_FILE.exec(file);
  return match ? { sha256: match[1]!, width: Number(match[2]) as MediaWidth } : undefined;
}

export function mediaVariantPath(sha256: string, width: MediaWidth): string {
  return `${MEDIA_PREFIX}${sha256}-${width}w.webp`;
}

/**
 * The widths an image has smaller copies in: those of the set below its own width. None for GIFs
 * and other animations (a copy would keep one frame), nor for images too large to decode safely.
 */
export function mediaVariantWidths(extension: MediaExtension, image: MediaDimensions): MediaWidth[] {
  if (extension === "gif" || image.animated || image.width * image.height > MEDIA_MAX_PIXELS) return [];
  return MEDIA_WIDTHS.filter((width) => width < image.width);
}

/** An uploaded image as a page shows it: its size, and its `srcset` when it has smaller copies. */
export type ResponsiveImage = { width: number; height: number; srcset: string | undefined };

/**
 * The `srcset` of an uploaded image: its smaller copies and the original at its own width.
 * Undefined when it has no smaller copy (one candidate would say nothing `src` does not).
 */
export function mediaSrcset(sha256: string, extension: MediaExtension, image: MediaDimensions): string | undefined {
  const widths = mediaVariantWidths(extension, image);
  if (widths.length === 0) return undefined;
  return [
    ...widths.map((width) => `${mediaVariantPath(sha256, width)} ${width}w`),
    `${mediaPath(sha256, extension)} ${image.width}w`,
  ].join(", ");
}
