import crypto from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable, type Readable } from "node:stream";
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
import { UPLOAD_BODY_TIMEOUT_MS, UPLOAD_IDLE_TIMEOUT_MS } from "../config/upload-timeouts";

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
  const refused = refuseBeforeReading(req, limits);
  if (refused) return Promise.resolve({ ok: false, ...refused });

  return new Promise<ReadResult>((resolve) => {
    const parser = multipartParser(req, limits);
    if (!parser) return resolve({ ok: false, status: 400, error: reportMessages.unreadableBody });

    const upload = new UploadState(resolve);
    watchBody(req, parser, limits, upload);

    parser.on("field", (name, value, info) => {
      if (!textFields.has(name) || name in upload.fields) return;
      if (info.valueTruncated) {
        const max = REPORT_LIMITS[name as keyof typeof REPORT_LIMITS] ?? LONGEST_FIELD_CHARACTERS;
        upload.fieldProblems[name] = reportMessages.tooLong(max);
        return;
      }
      // Multipart turns every line break into CRLF; the report keeps plain LF.
      upload.fields[name] = value.replace(/\r\n?/g, "\n");
    });
    parser.on("file", (field, stream, info) => receiveFile(upload, { field, stream, filename: info.filename ?? "" }, limits, spoolPath));
    parser.on("filesLimit", () =>
      upload.refuse({ status: 413, error: attachmentMessages.tooMany, fields: { attachments: attachmentMessages.tooMany } }),
    );
    parser.on("fieldsLimit", () => upload.refuse({ status: 413, error: attachmentMessages.tooManyParts }));
    parser.on("partsLimit", () => upload.refuse({ status: 413, error: attachmentMessages.tooManyParts }));
    parser.on("error", () => upload.fail({ status: 400, error: reportMessages.unreadableBody, closeConnection: true }));
    parser.on("close", () => {
      upload.parserFinished = true;
      upload.finishIfDone();
    });

    req.pipe(parser);
  });
}

/** What is refused from the headers alone: not multipart, or a declared length over the cap. */
function refuseBeforeReading(req: IncomingMessage, limits: UploadLimits): UploadRefusal | undefined {
  const contentType = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) return { status: 415, error: reportMessages.multipartRequired };
  const declaredLength = Number(req.headers["content-length"] ?? NaN);
  if (declaredLength > limits.maxBodyBytes) return { status: 413, error: attachmentMessages.totalTooLarge, closeConnection: true };
  return undefined;
}

/** busboy with the upload's caps, or undefined when the headers cannot start one. */
function multipartParser(req: IncomingMessage, limits: UploadLimits): busboy.Busboy | undefined {
  try {
    return busboy({
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
    return undefined;
  }
}

/** One upload's fields, files and refusal as they arrive, and its single answer. */
class UploadState {
  readonly fields: Record<string, string> = {};
  readonly fieldProblems: Record<string, string> = {};
  files: UploadedFile[] = [];
  refusal: UploadRefusal | undefined;
  totalFileBytes = 0;
  pendingFiles = 0;
  arrivals = 0;
  parserFinished = false;
  settled = false;
  /** Called once the answer is known (the body's clocks stop). */
  onSettle = () => {};

  constructor(private readonly resolve: (result: ReadResult) => void) {}

  refuse(next: UploadRefusal) {
    if (!this.refusal || PRECEDENCE[next.status] > PRECEDENCE[this.refusal.status]) this.refusal = next;
    // Nothing of a refused request is kept.
    this.files = [];
  }

  settle(result: ReadResult) {
    if (this.settled) return;
    this.settled = true;
    this.onSettle();
    this.resolve(result);
  }

  /** An answer now, whatever is still arriving: nothing is kept. */
  fail(refusal: UploadRefusal) {
    this.files = [];
    this.settle({ ok: false, ...refusal });
  }

  finishIfDone() {
    if (!this.parserFinished || this.pendingFiles > 0) return;
    if (this.refusal) return this.settle({ ok: false, ...this.refusal });
    if (Object.keys(this.fieldProblems).length > 0) {
      return this.settle({ ok: false, status: 400, error: reportMessages.fieldInvalid, fields: this.fieldProblems });
    }
    this.settle({ ok: true, fields: this.fields, files: this.files.filter(Boolean) });
  }
}

/**
 * The body's clocks and size: a slow body holds an upload slot, so past either deadline it is
 * given up, the parser stopped and nothing kept (the answer goes out on the same connection,
 * which is then closed); a body that grows past the cap, or is cut off, is answered at once.
 */
function watchBody(req: IncomingMessage, parser: busboy.Busboy, limits: UploadLimits, upload: UploadState) {
  const stopParser = () => {
    req.unpipe(parser);
    parser.destroy();
  };
  const giveUp = () => {
    if (upload.settled) return;
    stopParser();
    upload.fail({ status: 408, error: attachmentMessages.uploadTimedOut, closeConnection: true });
  };
  const bodyClock = setTimeout(giveUp, limits.bodyTimeoutMs);
  const idleClock = setTimeout(giveUp, limits.idleTimeoutMs);
  const stopClocks = () => {
    clearTimeout(bodyClock);
    clearTimeout(idleClock);
  };
  upload.onSettle = stopClocks;
  // Once the body is all here, what is left (spooling, checks) is the server's own work.
  req.on("end", stopClocks);

  let bodyBytes = 0;
  req.on("data", (chunk: Buffer) => {
    bodyBytes += chunk.length;
    if (!upload.settled) idleClock.refresh();
    if (bodyBytes > limits.maxBodyBytes && !upload.settled) {
      // A body without a Content-Length that grows past the cap: stop reading now.
      stopParser();
      upload.fail({ status: 413, error: attachmentMessages.totalTooLarge, closeConnection: true });
    }
  });
  req.on("close", () => {
    if (req.complete) return;
    // The client went away mid-body.
    upload.fail({ status: 400, error: reportMessages.unreadableBody, closeConnection: true });
  });
}

type FilePart = { field: string; stream: Readable & { truncated?: boolean }; filename: string };

/** One file part: checked as it streams, spooled to disk unless refused, then counted against the total. */
function receiveFile(upload: UploadState, { field, stream, filename }: FilePart, limits: UploadLimits, spoolPath: (field: string) => string) {
  const shownName = cleanBaseName(filename) || field;
  if (!ATTACHMENT_FIELD.test(field)) {
    upload.refuse({ status: 400, error: attachmentMessages.unexpectedField, fields: { [field]: attachmentMessages.unexpectedField } });
    stream.resume();
    return;
  }
  upload.pendingFiles += 1;
  // Files finish spooling in any order; they keep the order they arrived in.
  const order = upload.arrivals++;
  const check = new FileCheck();
  let dropped = Boolean(upload.refusal);
  const target = spoolPath(field);
  const drop = (problem: UploadRefusal) => {
    dropped = true;
    upload.refuse(problem);
  };

  stream.on("limit", () => {
    if (!dropped) drop({ status: 413, error: attachmentMessages.tooLarge(shownName), fields: { [field]: attachmentMessages.tooLarge(shownName) } });
  });

  pipeline(
    stream,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        if (dropped) {
          check.size += chunk.length;
          continue;
        }
        // A NUL byte can never be in a text file: refuse binaries without keeping them.
        if (!check.inspect(chunk)) drop(wrongType(field, shownName));
        else yield chunk;
      }
    },
    dropped ? discardSink() : createWriteStream(target, { mode: 0o600 }),
  )
    .then(() => {
      if (!dropped && !stream.truncated) accept();
    })
    // A body cut off mid-file fails the stream: the file is incomplete.
    .catch(() => {
      dropped = true;
    })
    .finally(() => {
      upload.pendingFiles -= 1;
      upload.finishIfDone();
    });

  function accept() {
    if (check.size === 0) {
      return upload.refuse({ status: 400, error: attachmentMessages.empty(shownName), fields: { [field]: attachmentMessages.empty(shownName) } });
    }
    const accepted = check.acceptedKind();
    if (!accepted) return upload.refuse(wrongType(field, shownName));
    upload.totalFileBytes += check.size;
    if (upload.totalFileBytes > limits.maxTotalBytes) {
      return upload.refuse({ status: 413, error: attachmentMessages.totalTooLarge });
    }
    if (upload.refusal) return;
    upload.files[order] = {
      field,
      filename: cleanFilename(filename, accepted),
      contentType: ATTACHMENT_KINDS[accepted].contentType,
      size: check.size,
      sha256: check.hash.digest("hex"),
      path: target,
    };
  }
}

/** What a file's bytes say about it as they stream: size, kind by signature, UTF-8 text or not, hash. */
class FileCheck {
  size = 0;
  readonly hash = crypto.createHash("sha256");
  private head = Buffer.alloc(0);
  private kind: AttachmentKind | "text-candidate" | undefined;
  // Text is checked as it streams: valid UTF-8 throughout, no NUL byte.
  private readonly utf8 = new TextDecoder("utf-8", { fatal: true });
  private validText = true;

  /** Takes a chunk; false when it shows the file is not text after all (a NUL byte). */
  inspect(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.kind === undefined) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE_BYTES)]);
      if (this.head.length >= SIGNATURE_BYTES) this.kind = detectBinaryKind(this.head) ?? "text-candidate";
    }
    if (this.kind === "text-candidate" && chunk.includes(0)) return false;
    if (this.kind !== "png" && this.kind !== "jpeg" && this.kind !== "pdf" && this.validText) {
      try {
        this.utf8.decode(chunk, { stream: true });
      } catch {
        this.validText = false;
      }
    }
    this.hash.update(chunk);
    return true;
  }

  /** The file's kind once all of it is here, or undefined when it is none of the accepted ones. */
  acceptedKind(): AttachmentKind | undefined {
    this.kind ??= detectBinaryKind(this.head) ?? "text-candidate";
    if (this.kind !== "text-candidate") return this.kind;
    return this.validText && isCompleteUtf8(this.utf8) ? "txt" : undefined;
  }
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
