import { ATTACHMENT_KINDS, type AttachmentKind } from "../../domain/report-attachments";

/** The kinds the server accepts, in words; one for each kind it recognises by content. */
const KIND_NAMES: Record<AttachmentKind, string> = {
  png: "PNG images",
  jpeg: "JPEG images",
  pdf: "PDF documents",
  txt: "plain text (UTF-8)",
};

/**
 * The line beside the drop zone's hint (docs/decisions/190): what the server accepts, decided by
 * a file's content, so that a text file named `shell.php` being accepted (and kept as
 * `shell.txt`) reads as the rule rather than a hole in it. Sent by the pages' loaders, so the
 * words cost the public form no JavaScript.
 */
export function attachmentRule(): string {
  const kinds = Object.keys(ATTACHMENT_KINDS) as AttachmentKind[];
  const names = kinds.map((kind) => KIND_NAMES[kind]);
  const endings = kinds.map((kind) => `.${ATTACHMENT_KINDS[kind].extension}`).join(", ");
  return `Each file is checked by its content, not its name: ${names.slice(0, -1).join(", ")} and ${names.at(-1)} are accepted, whatever the file is called, and kept with the matching ending (${endings}).`;
}
