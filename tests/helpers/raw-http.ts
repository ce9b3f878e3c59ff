import http from "node:http";
import net from "node:net";

export type RawRequest = {
  method: string;
  /** Sent exactly as given: no normalising, no re-encoding. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * Sends one request over node:http with the path and headers exactly as given and reads the
 * answer to its end. Resolves to the status, or undefined when Node itself refuses to send
 * something (a character no HTTP client may put in a path or header).
 */
export function rawRequest(base: string, request: RawRequest): Promise<number | undefined> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request(
        { agent, hostname, port, method: request.method, path: request.path, headers: request.headers },
        (response) => {
          response.on("data", () => undefined);
          response.on("end", () => resolve(response.statusCode));
          response.on("error", reject);
        },
      );
    } catch {
      resolve(undefined);
      return;
    }
    // The server may answer early and hang up on a body it refused (413, 415): that is an answer too.
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") resolve(0);
      else reject(error);
    });
    outgoing.end(request.body);
  });
}

export function closeRawAgent(): void {
  agent.destroy();
}

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

export type RawConnection = {
  /** Sends more bytes, exactly as given. */
  write: (bytes: Buffer | string) => void;
  /** The first answer, once its head and Content-Length body are in; undefined if none came. */
  answer: Promise<RawAnswer | undefined>;
  /** Resolves when the server (or the test) has closed the connection. */
  closed: Promise<void>;
  destroy: () => void;
};

/**
 * A plain TCP connection to the server of `base` that sends `head` (request line, headers and
 * any first bytes of the body) exactly as given, and then only what the test writes: a client
 * that stalls or trickles its body, which no HTTP client library would be.
 */
export function openRawConnection(base: string, head: Buffer | string): RawConnection {
  const { hostname, port } = new URL(base);
  const socket = net.connect({ host: hostname, port: Number(port) });
  socket.write(head);
  let received = Buffer.alloc(0);
  let settle!: (answer: RawAnswer | undefined) => void;
  const answer = new Promise<RawAnswer | undefined>((resolve) => (settle = resolve));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    const parsed = parseAnswer(received);
    if (parsed) settle(parsed);
  });
  // The server may reset a connection it gave up on: the answer is whatever arrived before.
  socket.on("error", () => undefined);
  socket.once("close", () => settle(parseAnswer(received, true)));
  return {
    write: (bytes) => {
      if (!socket.destroyed) socket.write(bytes);
    },
    answer,
    closed,
    destroy: () => socket.destroy(),
  };
}

function parseAnswer(bytes: Buffer, ended = false): RawAnswer | undefined {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return undefined;
  const [statusLine = "", ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = bytes.subarray(end + 4);
  const length = Number(headers["content-length"] ?? NaN);
  if (Number.isFinite(length) ? body.length < length : !ended) return undefined;
  const status = Number(statusLine.split(" ")[1]);
  return { status, headers, body: body.subarray(0, Number.isFinite(length) ? length : body.length).toString("utf8") };
}
