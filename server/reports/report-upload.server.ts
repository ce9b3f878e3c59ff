import crypto from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
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
  /** Longest pause without a byte of the body before the upload is cut (REPORT_UPLOAD_IDLE_TIMEOUT). */
  idleTimeoutMs: number;
  /** Longest time from the start of reading to the body's last byte (REPORT_UPLOAD_TIMEOUT). */
  bodyTimeoutMs: number;
};

/**
 * An upload that sends nothing for this long holds an upload slot for nothing: it is cut. The
 * default of REPORT_UPLOAD_IDLE_TIMEOUT (docs/decisions/132).
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;

/**
 * The whole body must arrive within this, however steadily it trickles: a report at its 51 MB
 * cap needs about 3.5 Mbit/s, one 10 MB file about 0.7 Mbit/s. The default of
 * REPORT_UPLOAD_TIMEOUT (docs/decisions/132).
 */
export const UPLOAD_BODY_TIMEOUT_MS = 120_000;

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxFileBytes: ATTACHMENT_LIMITS.maxFileBytes,
  maxFiles: ATTACHMENT_LIMITS.maxFiles,
  maxTotalBytes: ATTACHMENT_LIMITS.maxTotalBytes,
  maxBodyBytes: ATTACHMENT_LIMITS.maxBodyBytes,
  idleTimeoutMs: UPLOAD_IDLE_TIMEOUT_MS,
  bodyTimeoutMs: UPLOAD_BODY_TIMEOUT_MS,
};

/** One accepted file, spooled to a temporary file (never held in memory). */
export type UploadedFile = {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The spooled bytes; removed by the upload's `discard`. */
  path: string;
};

export type UploadRefusal = {
  status: 400 | 408 | 413 | 415;
  error: string;
  fields?: Record<string, string>;
  /** The body was not read to its end: the connection must be closed after the answer. */
  closeConnection?: boolean;
};

export type UploadResult = (
  | { ok: true; fields: Record<string, string>; files: UploadedFile[] }
  | ({ ok: false } & UploadRefusal)
) & {
  /** Removes the spooled files; call it once the answer is decided, whatever it is. */
  discard: () => void;
};

/** The text fields a report upload takes; others are dropped (a case message takes its own). */
export const REPORT_TEXT_FIELDS: ReadonlySet<string> = new Set<string>(REPORT_FIELDS);
const ATTACHMENT_FIELD = /^attachment_\d{1,2}$/;
const LONGEST_FIELD_CHARACTERS = Math.max(
  ...REPORT_FIELDS.map((field) => REPORT_LIMITS[field as keyof typeof REPORT_LIMITS] ?? 0),
);
/** Bytes of the longest field at four bytes per character, so a legal value is never cut. */
const MAX_FIELD_BYTES = LONGEST_FIELD_CHARACTERS * 4;
/** Refusals in order of precedence: a size problem is reported before a type or field problem. */
const PRECEDENCE: Record<UploadRefusal["status"], number> = { 408: 4, 413: 3, 415: 2, 400: 1 };

/**
 * Reads a report's multipart body as a stream with hard limits. Every file is inspected as it
 * arrives (type, size, SHA-256) and spooled to a private temporary folder, so memory stays flat
 * whatever the size: too large, too many or of a refused type stops keeping its bytes at once
 * (the rest of the body is read and dropped, so the client gets a clean answer). A body that
 * pauses longer than `idleTimeoutMs`, or is not all there within `bodyTimeoutMs`, is given up at
 * once with 408 and nothing kept. The caller stores accepted files in the database and then
 * calls `discard`.
 */
export function readReportUpload(
  req: IncomingMessage,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
  textFields: ReadonlySet<string> = REPORT_TEXT_FIELDS,
): Promise<UploadResult> {
  let spoolDir: string | undefined;
  const discard = () => {
    if (spoolDir) rmSync(spoolDir, { recursive: true, force: true });
    spoolDir = undefined;
  };
  const spoolPath = (field: string) => {
    // mkdtemp makes the folder readable by this user only (0700).
    spoolDir ??= mkdtempSync(path.join(tmpdir(), "dialogic-report-"));
    return path.join(spoolDir, `${field}-${crypto.randomBytes(6).toString("hex")}`);
  };
  return readUpload(req, limits, spoolPath, textFields).then((result) => {
    if (!result.ok) discard();
    return { ...result, discard };
  });
}

type ReadResult =
  | { ok: true; fields: Record<string, string>; files: UploadedFile[] }
  | ({ ok: false } & UploadRefusal);

function readUpload(
  req: IncomingMessage,
  limits: UploadLimits,
  spoolPath: (field: string) => string,
  textFields: ReadonlySet<string>,
): Promise<ReadResult> {
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

  return new Promise<ReadResult>((resolve) => {
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
    let arrivals = 0;
    let parserFinished = false;

    function refuse(next: UploadRefusal) {
      if (!refusal || PRECEDENCE[next.status] > PRECEDENCE[refusal.status]) refusal = next;
      // Nothing of a refused request is kept.
      files = [];
    }

    function settle(result: ReadResult) {
      if (settled) return;
      settled = true;
      stopClocks();
      resolve(result);
    }

    // A slow body holds an upload slot: past either deadline it is given up, the parser stopped
    // and nothing kept. The answer goes out on the same connection, which is then closed.
    function giveUp() {
      if (settled) return;
      req.unpipe(parser);
      parser.destroy();
      files = [];
      settle({ ok: false, status: 408, error: attachmentMessages.uploadTimedOut, closeConnection: true });
    }
    const bodyClock = setTimeout(giveUp, limits.bodyTimeoutMs);
    const idleClock = setTimeout(giveUp, limits.idleTimeoutMs);
    function stopClocks() {
      clearTimeout(bodyClock);
      clearTimeout(idleClock);
    }
    // Once the body is all here, what is left (spooling, checks) is the server's own work.
    req.on("end", stopClocks);

    function finishIfDone() {
      if (!parserFinished || pendingFiles > 0) return;
      if (refusal) return settle({ ok: false, ...refusal });
      if (Object.keys(fieldProblems).length > 0) {
        return settle({ ok: false, status: 400, error: reportMessages.fieldInvalid, fields: fieldProblems });
      }
      settle({ ok: true, fields, files: files.filter(Boolean) });
    }

    req.on("data", (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (!settled) idleClock.refresh();
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
      if (!textFields.has(name) || name in fields) return;
      if (info.valueTruncated) {
        const max = REPORT_LIMITS[name as keyof typeof REPORT_LIMITS] ?? LONGEST_FIELD_CHARACTERS;
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
      // Files finish spooling in any order; they keep the order they arrived in.
      const order = arrivals++;
      let size = 0;
      let head = Buffer.alloc(0);
      let kind: AttachmentKind | "text-candidate" | undefined;
      let dropped = Boolean(refusal);
      const hash = crypto.createHash("sha256");
      // Text is checked as it streams: valid UTF-8 throughout, no NUL byte.
      const utf8 = new TextDecoder("utf-8", { fatal: true });
      let validText = true;
      const target = spoolPath(field);

      function drop(problem: UploadRefusal) {
        dropped = true;
        refuse(problem);
      }

      function inspect(chunk: Buffer): boolean {
        size += chunk.length;
        if (dropped) return false;
        if (kind === undefined) {
          head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES)]);
          if (head.length >= SIGNATURE_BYTES) kind = detectBinaryKind(head) ?? "text-candidate";
        }
        // A NUL byte can never be in a text file: refuse binaries without keeping them.
        if (kind === "text-candidate" && chunk.includes(0)) {
          drop(wrongType(field, shownName));
          return false;
        }
        if (kind !== "png" && kind !== "jpeg" && kind !== "pdf" && validText) {
          try {
            utf8.decode(chunk, { stream: true });
          } catch {
            validText = false;
          }
        }
        hash.update(chunk);
        return true;
      }

      stream.on("limit", () => {
        if (!dropped) drop({ status: 413, error: attachmentMessages.tooLarge(shownName), fields: { [field]: attachmentMessages.tooLarge(shownName) } });
      });

      const spool = pipeline(
        stream,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) if (inspect(chunk)) yield chunk;
        },
        dropped ? discardSink() : createWriteStream(target, { mode: 0o600 }),
      );
      spool
        .then(() => {
          if (!dropped && !stream.truncated) accept();
        })
        // A body cut off mid-file fails the stream: the file is incomplete.
        .catch(() => {
          dropped = true;
        })
        .finally(() => {
          pendingFiles -= 1;
          finishIfDone();
        });

      function accept() {
        if (size === 0) {
          return refuse({ status: 400, error: attachmentMessages.empty(shownName), fields: { [field]: attachmentMessages.empty(shownName) } });
        }
        kind ??= detectBinaryKind(head) ?? "text-candidate";
        let accepted: AttachmentKind | undefined = kind === "text-candidate" ? undefined : kind;
        if (kind === "text-candidate" && validText && isCompleteUtf8(utf8)) accepted = "txt";
        if (!accepted) return refuse(wrongType(field, shownName));
        totalFileBytes += size;
        if (totalFileBytes > limits.maxTotalBytes) {
          return refuse({ status: 413, error: attachmentMessages.totalTooLarge });
        }
        if (refusal) return;
        files[order] = {
          field,
          filename: cleanFilename(info.filename ?? "", accepted),
          contentType: ATTACHMENT_KINDS[accepted].contentType,
          size,
          sha256: hash.digest("hex"),
          path: target,
        };
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

/** Ends a streaming decode: false when the file stops in the middle of a character. */
function isCompleteUtf8(decoder: TextDecoder): boolean {
  try {
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Where the bytes of a file refused before its first byte go. */
function discardSink(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

function wrongType(field: string, name: string): UploadRefusal {
  const message = attachmentMessages.wrongType(name);
  return { status: 415, error: message, fields: { [field]: message } };
}
