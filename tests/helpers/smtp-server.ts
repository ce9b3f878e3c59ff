import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One email as the SMTP server received it. */
export type ReceivedEmail = {
  /** The SMTP envelope: where the server was told to deliver it. */
  mailFrom: string;
  rcptTo: string[];
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  /** The decoded text body. */
  text: string;
  raw: string;
};

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedEmail[];
  close: () => Promise<void>;
};

/**
 * A real SMTP server in this process (no TLS, no authentication) on a free port, or on the
 * given one, collecting every email it accepts.
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // A client still connected at the end of a test (a pooled transport closed later) is cut
    // after half a second; the default waits 30 s, as long as a test hook may take.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
          ...parseEmail(raw),
          raw,
        });
        callback();
      });
    },
  });
  // A client that drops its connection (a process killed mid-send) must not end the test process.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers and the text body of a single-part text email, as nodemailer writes them. */
function parseEmail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, "latin1").toString("utf8");
  } else if (encoding === "base64") {
    text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return { headers, text: text.replace(/\r\n/g, "\n").replace(/\n$/, "") };
}
