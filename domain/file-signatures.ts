/**
 * Files recognised by their first bytes ("magic numbers"), never by name or declared type: the
 * report attachments (domain/report-attachments.ts) and the uploaded images (domain/media.ts).
 */
export const FILE_SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // "%PDF-"
  gif: [0x47, 0x49, 0x46, 0x38], // "GIF8", then "7a" or "9a"
  riff: [0x52, 0x49, 0x46, 0x46], // "RIFF" <size> ...
  webp: [0x57, 0x45, 0x42, 0x50], // ... "WEBP" at offset 8
} as const;

/** Whether `bytes` hold `signature` at `offset`. */
export function hasSignature(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}
