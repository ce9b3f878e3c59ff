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
const MEDIA_FILE = new RegExp(`^([a-f0-9]{64})\\.(${Object.keys(MEDIA_TYPES).join("|")})$`);

/** The content hash and type named by an image's file name (`<sha256>.<ext>`); undefined otherwise. */
export function parseMediaFile(file: string): { sha256: string; extension: MediaExtension } | undefined {
  const match = MEDIA_FILE.exec(file);
  return match ? { sha256: match[1]!, extension: match[2] as MediaExtension } : undefined;
}

/** An address of an uploaded image on this site: /media/<sha256>.<ext>. */
export function isMediaPath(value: string): boolean {
  return value.startsWith(MEDIA_PREFIX) && parseMediaFile(value.slice(MEDIA_PREFIX.length)) !== undefined;
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
