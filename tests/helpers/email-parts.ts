import type { ReceivedEmail } from "./smtp-server";

export type EmailPart = { type: string; body: string };

/**
 * The parts of a multipart email as nodemailer writes it (one level: multipart/alternative with a
 * text and an HTML part), each decoded from its transfer encoding; a single-part email is one part.
 */
export function emailParts(email: ReceivedEmail): EmailPart[] {
  const contentType = email.headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.startsWith("multipart/") || !boundary) return [{ type: contentType.split(";")[0]!, body: email.text }];
  const body = email.raw.slice(email.raw.indexOf("\r\n\r\n") + 4);
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .map((part) => {
      const split = part.indexOf("\r\n\r\n");
      const headers = part.slice(0, split).replace(/\r\n[ \t]+/g, " ");
      const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(headers)?.[1]?.trim() ?? "";
      return { type: header("content-type").split(";")[0]!.toLowerCase(), body: decode(part.slice(split + 4).replace(/\r\n$/, ""), header("content-transfer-encoding")) };
    });
}

function decode(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "quoted-printable": {
      const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8").replace(/\r\n/g, "\n");
    }
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8").replace(/\r\n/g, "\n");
    default:
      return body.replace(/\r\n/g, "\n");
  }
}
