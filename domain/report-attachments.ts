/**
 * Attachment rules of the vulnerability report, shared by the page (instant feedback) and the
 * server (enforcement): limits, the accepted types recognised by their content, and file names.
 * See docs/decisions/050-report-intake.md.
 */
import { FILE_SIGNATURES, hasSignature } from "./file-signatures";

const MB = 1024 * 1024;

export const ATTACHMENT_LIMITS = {
  /** Per file: the '10MB' of the hint. */
  maxFileBytes: 10 * MB,
  maxFiles: 10,
  /** All attachments of one report together. */
  maxTotalBytes: 50 * MB,
  /** The whole request body: attachments, every text field and the multipart framing. */
  maxBodyBytes: 51 * MB,
  /** How much of each file the page inspects before upload; the server inspects all of it. */
  pageSniffBytes: 64 * 1024,
} as const;

/** The types accepted, decided by the file's bytes, never by its name or declared type. */
export const ATTACHMENT_KINDS = {
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  pdf: { contentType: "application/pdf", extension: "pdf" },
  txt: { contentType: "text/plain; charset=utf-8", extension: "txt" },
} as const;

export type AttachmentKind = keyof typeof ATTACHMENT_KINDS;

/** What the file input suggests to the browser's picker (a convenience, not a check). */
export const ATTACHMENT_ACCEPT = ".png,.jpg,.jpeg,.pdf,.txt,image/png,image/jpeg,application/pdf,text/plain";

export const attachmentMessages = {
  /** The drop zone's hint (specification, section 2). */
  hint: "PNG, JPG, PDF, TXT up to 10MB",
  tooLarge: (name: string) => `"${name}" is larger than 10 MB.`,
  wrongType: (name: string) => `"${name}" is not a PNG, JPG, PDF or TXT file.`,
  empty: (name: string) => `"${name}" is empty.`,
  duplicate: (name: string) => `"${name}" is already attached.`,
  tooMany: "You can attach at most 10 files.",
  totalTooLarge: "Attachments can be at most 50 MB together.",
  unexpectedField: "Attachments must be sent as attachment_0, attachment_1, and so on.",
  tooManyParts: "The report has too many parts.",
  /** Global quotas (docs/decisions/066): the site, not this reporter, is at its limit. */
  quotaReached:
    "The site has received as many report attachments as it accepts for now. Please try again later; nothing of this report was stored.",
  busy: "Too many reports are being uploaded at this moment. Please try again in a minute; nothing of this report was stored.",
  /** Per-client quota (docs/decisions/132): this network, not the site, is at its limit. */
  clientQuotaReached:
    "Your network has sent as many report attachments as we accept for now. Please try again later, or send the report without attachments; nothing of this report was stored.",
  /** The body paused too long or took too long in all (docs/decisions/132). */
  uploadTimedOut:
    "The upload was too slow and was stopped. Please check your connection and try again; nothing of this report was stored.",
} as const;

/** Bytes needed to recognise every binary kind below (PNG's signature is the longest). */
export const SIGNATURE_BYTES = FILE_SIGNATURES.png.length;

/** PNG, JPEG or PDF by their magic bytes at the very start of the file. */
export function detectBinaryKind(head: Uint8Array): Exclude<AttachmentKind, "txt"> | undefined {
  if (hasSignature(head, FILE_SIGNATURES.png)) return "png";
  if (hasSignature(head, FILE_SIGNATURES.jpeg)) return "jpeg";
  if (hasSignature(head, FILE_SIGNATURES.pdf)) return "pdf";
  return undefined;
}

/**
 * Whether bytes can be (the start of) a text file: valid UTF-8 with no NUL byte. With
 * `complete` false a multi-byte character cut off at the end is allowed.
 */
export function isText(bytes: Uint8Array, complete: boolean): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * The kind of a file from its first bytes (the page's check). `complete` says whether `head`
 * is the whole file. Returns undefined for anything not accepted, and for empty files.
 */
export function sniffAttachmentKind(head: Uint8Array, complete: boolean): AttachmentKind | undefined {
  if (head.length === 0) return undefined;
  const binary = detectBinaryKind(head);
  if (binary) return binary;
  return isText(head, complete) ? "txt" : undefined;
}

// Control characters, zero-width and bidirectional controls (which can disguise an extension),
// and characters that are not allowed in file names on common systems.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;
const RESERVED_CHARACTERS = /[<>:"|?*]/g;
const MAX_BASE_NAME_CHARACTERS = 100;

/**
 * A file name safe to show and to offer for download: the last path segment only, without
 * control or invisible characters, no leading dots, at most 100 characters. No extension
 * handling: see `cleanFilename`.
 */
export function cleanBaseName(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = lastSegment
    .normalize("NFC")
    .replace(UNSAFE_CHARACTERS, "")
    .replace(RESERVED_CHARACTERS, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  return Array.from(cleaned).slice(0, MAX_BASE_NAME_CHARACTERS).join("").trim();
}

/**
 * The name an attachment is stored under: its cleaned base name, with the claimed extension
 * replaced by the one of the type its content was recognised as ('../../etc/passwd' holding
 * text becomes 'passwd.txt'; 'shell.php' holding a PNG becomes 'shell.png').
 */
export function cleanFilename(raw: string, kind: AttachmentKind): string {
  const base = cleanBaseName(raw)
    .replace(/\.[A-Za-z0-9]{1,8}$/, "")
    .replace(/[.\s]+$/, "");
  return `${base || "attachment"}.${ATTACHMENT_KINDS[kind].extension}`;
}

/** '512 B', '14.2 KB', '10.0 MB' (binary units, as the 10MB limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
