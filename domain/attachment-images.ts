/**
 * Which report attachments are shown as images (docs/decisions/217): apart from the attachment
 * rules so that the report form, which shows no previews, does not carry them.
 */
import { ATTACHMENT_KINDS, detectBinaryKind, type AttachmentKind } from "./report-attachments";

/** The kinds shown as images (a preview, served inline) once their bytes are checked again. */
export const IMAGE_KINDS = ["png", "jpeg"] as const satisfies readonly AttachmentKind[];
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Whether a stored attachment (its type decided by content when it arrived) is shown as an image. */
export function isImageAttachment(contentType: string): boolean {
  return IMAGE_KINDS.some((kind) => ATTACHMENT_KINDS[kind].contentType === contentType);
}

/**
 * The image kind of a stored attachment when both its stored type and its first bytes say so;
 * undefined otherwise (then it is only ever a download).
 */
export function imageKindOf(contentType: string, head: Uint8Array): ImageKind | undefined {
  const kind = detectBinaryKind(head);
  return IMAGE_KINDS.find((image) => image === kind && ATTACHMENT_KINDS[image].contentType === contentType);
}
