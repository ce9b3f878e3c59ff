import crypto from "node:crypto";
import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import {
  ATTACHMENT_KINDS,
  ATTACHMENT_LIMITS,
  SIGNATURE_BYTES,
  attachmentMessages,
  cleanBaseName,
  cleanFilename,
  detectBinaryKind,
  type AttachmentKind,
} from "../../domain/report-attachments";
import { REPORT_FIELDS, REPORT_LIMITS, reportMessages } from "../../domain/vulnerability-report";

export type UploadLimits = {
  maxFileBytes: number;
  maxFiles: number;
  maxTotalBytes: number;
  maxBodyBytes: number;
};

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxFileBytes: ATTACHMENT_LIMITS.maxFileBytes,
  maxFiles: ATTACHMENT_LIMITS.maxFiles,
  maxTotalBytes: ATTACHMENT_LIMITS.maxTotalBytes,
  maxBodyBytes: ATTACHMENT_LIMITS.maxBodyBytes,
};

/** One accepted file: its bytes once, in one Buffer. */
export type UploadedFile = {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  data: Buffer;
};

export type UploadRefusal = {
  status: 400 | 413 | 415;
  error: string;
  fields?: Record<string, string>;
  /** The body was not read to its end: the connection must be closed after the answer. */
  closeConnection?: boolean;
};

export type UploadResult =
  | { ok: true; fields: Record<string, string>; files: UploadedFile[] }
  | ({ ok: false } & UploadRefusal);

const TEXT_FIELDS = new Set<string>(REPORT_FIELDS);
const ATTACHMENT_FIELD = /^attachment_\d{1,2}$/;
const LONGEST_FIELD_CHARACTERS = Math.max(
  ...REPORT_FIELDS.map((field) => REPORT_LIMITS[field as keyof typeof REPORT_LIMITS] ?? 0),
);
/** Bytes of the longest field at four bytes per character, so a legal value is never cut. */
const MAX_FIELD_BYTES = LONGEST_FIELD_CHARACTERS * 4;
/** Refusals in order of precedence: a size problem is reported before a type or field problem. */
const PRECEDENCE: Record<UploadRefusal["status"], number> = { 413: 3, 415: 2, 400: 1 };

/**
 * Reads a report's multipart body as a stream with hard limits. Every file is inspected as it
 * arrives: too large, too many or of a refused type stops keeping its bytes at once (the rest
 * of the body is read and dropped, so the client gets a clean answer). Accepted files are
 * held as one Buffer each until the caller stores them. Nothing is written anywhere here.
 */
export function readReportUpload(
  req: IncomingMessage,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): Promise<UploadResult> {
  const contentType = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    return Promise.resolve({ ok: false, status: 415, error: reportMessages.multipartRequired });
  }
  const declaredLength = Number(req.headers["content-length"] ?? NaN);
  if (declaredLength > limits.maxBodyBytes) {
    return Promise.resolve({
      ok: false,
      status: 413,
      error: attachmentMessages.totalTooLarge,
      closeConnection: true,
    });
  }

  return new Promise<UploadResult>((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send UTF-8 file names unencoded.
        defParamCharset: "utf8",
        limits: {
          // busboy flags a file that reaches the limit exactly; one byte more means "over".
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles,
          fields: REPORT_FIELDS.length + 8,
          fieldSize: MAX_FIELD_BYTES + 1,
          fieldNameSize: 100,
          parts: REPORT_FIELDS.length + limits.maxFiles + 8,
          headerPairs: 20,
        },
      });
    } catch {
      resolve({ ok: false, status: 400, error: reportMessages.unreadableBody });
      return;
    }

    const fields: Record<string, string> = {};
    const fieldProblems: Record<string, string> = {};
    let files: UploadedFile[] = [];
    let refusal: UploadRefusal | undefined;
    let totalFileBytes = 0;
    let bodyBytes = 0;
    let settled = false;
    let pendingFiles = 0;
    let parserFinished = false;

    function refuse(next: UploadRefusal) {
      if (!refusal || PRECEDENCE[next.status] > PRECEDENCE[refusal.status]) refusal = next;
      // Nothing of a refused request is kept.
      files = [];
    }

    function settle(result: UploadResult) {
      if (settled) return;
      settled = true;
      resolve(result);
    }

    function finishIfDone() {
      if (!parserFinished || pendingFiles > 0) return;
      if (refusal) return settle({ ok: false, ...refusal });
      if (Object.keys(fieldProblems).length > 0) {
        return settle({ ok: false, status: 400, error: reportMessages.fieldInvalid, fields: fieldProblems });
      }
      settle({ ok: true, fields, files });
    }

    req.on("data", (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > limits.maxBodyBytes && !settled) {
        // A body without a Content-Length that grows past the cap: stop reading now.
        req.unpipe(parser);
        parser.destroy();
        files = [];
        settle({ ok: false, status: 413, error: attachmentMessages.totalTooLarge, closeConnection: true });
      }
    });
    req.on("close", () => {
      if (req.complete) return;
      // The client went away mid-body.
      files = [];
      settle({ ok: false, status: 400, error: reportMessages.unreadableBody, closeConnection: true });
    });

    parser.on("field", (name, value, info) => {
      if (!TEXT_FIELDS.has(name) || name in fields) return;
      if (info.valueTruncated) {
        const max = REPORT_LIMITS[name as keyof typeof REPORT_LIMITS];
        fieldProblems[name] = reportMessages.tooLong(max);
        return;
      }
      // Multipart turns every line break into CRLF; the report keeps plain LF.
      fields[name] = value.replace(/\r\n?/g, "\n");
    });

    parser.on("file", (field, stream, info) => {
      const shownName = cleanBaseName(info.filename ?? "") || field;
      if (!ATTACHMENT_FIELD.test(field)) {
        refuse({ status: 400, error: attachmentMessages.unexpectedField, fields: { [field]: attachmentMessages.unexpectedField } });
        stream.resume();
        return;
      }
      pendingFiles += 1;
      let chunks: Buffer[] = [];
      let size = 0;
      let head = Buffer.alloc(0);
      let kind: AttachmentKind | "text-candidate" | undefined;
      let dropped = Boolean(refusal);
      const hash = crypto.createHash("sha256");

      function drop(problem: UploadRefusal) {
        dropped = true;
        chunks = [];
        refuse(problem);
      }

      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (dropped) return;
        if (kind === undefined) {
          head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES)]);
          if (head.length >= SIGNATURE_BYTES) kind = detectBinaryKind(head) ?? "text-candidate";
        }
        // A NUL byte can never be in a text file: refuse binaries without keeping them.
        if (kind === "text-candidate" && chunk.includes(0)) {
          return drop(wrongType(field, shownName));
        }
        chunks.push(chunk);
        hash.update(chunk);
      });
      stream.on("limit", () => {
        if (!dropped) drop({ status: 413, error: attachmentMessages.tooLarge(shownName), fields: { [field]: attachmentMessages.tooLarge(shownName) } });
      });
      let ended = false;
      stream.on("end", () => {
        ended = true;
      });
      // A body cut off mid-file destroys the stream with an error: the file is incomplete.
      stream.on("error", () => {
        dropped = true;
        chunks = [];
      });
      stream.on("close", () => {
        pendingFiles -= 1;
        if (ended && !dropped && !stream.truncated) accept();
        finishIfDone();
      });

      function accept() {
        if (size === 0) {
          return refuse({ status: 400, error: attachmentMessages.empty(shownName), fields: { [field]: attachmentMessages.empty(shownName) } });
        }
        kind ??= detectBinaryKind(head) ?? "text-candidate";
        // One copy of the file: the chunks are joined once and then released.
        const data = Buffer.concat(chunks, size);
        chunks = [];
        let accepted: AttachmentKind | undefined = kind === "text-candidate" ? undefined : kind;
        if (kind === "text-candidate" && isUtf8(data) && !data.includes(0)) accepted = "txt";
        if (!accepted) return refuse(wrongType(field, shownName));
        totalFileBytes += size;
        if (totalFileBytes > limits.maxTotalBytes) {
          return refuse({ status: 413, error: attachmentMessages.totalTooLarge });
        }
        if (refusal) return;
        files.push({
          field,
          filename: cleanFilename(info.filename ?? "", accepted),
          contentType: ATTACHMENT_KINDS[accepted].contentType,
          size,
          sha256: hash.digest("hex"),
          data,
        });
      }
    });

    parser.on("filesLimit", () =>
      refuse({ status: 413, error: attachmentMessages.tooMany, fields: { attachments: attachmentMessages.tooMany } }),
    );
    parser.on("fieldsLimit", () => refuse({ status: 413, error: attachmentMessages.tooManyParts }));
    parser.on("partsLimit", () => refuse({ status: 413, error: attachmentMessages.tooManyParts }));
    parser.on("error", () => {
      files = [];
      settle({ ok: false, status: 400, error: reportMessages.unreadableBody, closeConnection: true });
    });
    parser.on("close", () => {
      parserFinished = true;
      finishIfDone();
    });

    req.pipe(parser);
  });
}

function wrongType(field: string, name: string): UploadRefusal {
  const message = attachmentMessages.wrongType(name);
  return { status: 415, error: message, fields: { [field]: message } };
}
