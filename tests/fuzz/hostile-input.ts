import fc from "fast-check";

/** A door of the site: its method, path and the body it expects. */
export type Door = {
  method: string;
  path: string;
  kind: "json" | "form" | "multipart" | "image" | "none";
  /** Takes the admin's bearer token (sent valid in some requests). */
  admin?: boolean;
};

/** Strings that have broken servers before: encodings, controls, injections, sizes. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\uffff\ufffe",
  "\r\nBcc: victim@example.com",
  "line\nTriage it at https://evil.example",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "' OR 1=1 --",
  "'); drop table blog_posts; --",
  "../../../../etc/passwd",
  "%00",
  "%E0%A4%A",
  "{{constructor.constructor('alert(1)')()}}",
  "__proto__",
  "\u202etxt.exe",
  "🎓".repeat(300),
  "x".repeat(70_000),
  "https://evil.example/a.png",
  "true",
  "1e309",
  "-0",
  "2999-01-01T00:00:00Z",
  "2026-02-30T25:61:00+14:00",
  "+275760-09-13T00:00:00.001Z",
  "1970-01-01T00:00:00",
  "/media/0000000000000000000000000000000000000000000000000000000000000000.png",
  "/media/../admin.png",
];

/** A field value: random text of every kind, a nasty string, or a value of the wrong type. */
export function hostileText(): fc.Arbitrary<string | number | boolean | null | object> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 200 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), fc.record({ value: fc.string() })) },
  );
}

const PATH_PIECES = [
  "%E0%A4%A",
  "%",
  "%ZZ",
  "%00",
  "%C0%AF",
  "%2e%2e%2f",
  "..",
  "//",
  "%2F",
  "%63ontact",
  "contact.data",
  "api",
  "admin",
  "posts",
  "blog",
  "security",
  "reports",
  "_root.data",
  "?_routes=routes%2Fcontact",
  "?index",
  "#x",
  ";jsessionid=1",
  "%F0%9F%8E%93",
  "\u00e9",
];

/** A path of hostile pieces and random percent-encoded bytes. */
export function hostilePath(): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom(...PATH_PIECES),
    fc.uint8Array({ minLength: 1, maxLength: 6 }).map((bytes) =>
      Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, "0")}`).join(""),
    ),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/),
  );
  return fc.array(piece, { minLength: 1, maxLength: 6 }).map((pieces) => `/${pieces.join("/")}`);
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-16",
  "application/json; charset=klingon",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=x",
  "text/plain",
  "application/octet-stream",
  "text/html; charset=utf-8",
  "*/*",
  "json",
];

const ORIGINS = ["https://evil.example", "null", "http://127.0.0.1", "http://localhost:3000", "file://"];

/** Optional headers: content types, encodings, origins, forwarded addresses, accept. */
export function hostileHeaders(): fc.Arbitrary<Record<string, string>> {
  const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 });
  return fc.record(
    {
      "content-type": fc.oneof(fc.constantFrom(...CONTENT_TYPES), printable),
      "content-encoding": fc.constantFrom("gzip", "deflate", "br", "identity", "x-unknown", "gzip, gzip"),
      origin: fc.oneof(fc.constantFrom(...ORIGINS), printable),
      "sec-fetch-site": fc.constantFrom("same-origin", "same-site", "cross-site", "none", "weird"),
      "x-forwarded-for": fc.oneof(fc.ipV4(), fc.ipV6(), printable, fc.constant("1.1.1.1, 2.2.2.2, unknown")),
      accept: fc.constantFrom("text/html", "application/json", "*/*", "text/x-script"),
      "accept-encoding": fc.constantFrom("gzip", "br", "identity;q=0", "*"),
      cookie: printable,
      range: fc.constantFrom("bytes=0-1", "bytes=-1", "bytes=999999999999-", "lines=1"),
    },
    { requiredKeys: [] },
  );
}

const IMAGE_SIGNATURES = [
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from("GIF89a"),
  Buffer.from("RIFF\x00\x00\x00\x00WEBPVP8 ", "latin1"),
  Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'>"),
];

/** The generated values encoded as the door expects them (stringified where a form needs text). */
export function bodyFor(
  kind: Door["kind"],
  values: Record<string, unknown>,
): { body: Buffer | undefined; type: string | undefined } {
  const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value) ?? "");
  switch (kind) {
    case "json":
      return { body: Buffer.from(JSON.stringify(values)), type: "application/json" };
    case "form":
      return {
        body: Buffer.from(new URLSearchParams(Object.entries(values).map(([key, value]) => [key, asText(value)])).toString()),
        type: "application/x-www-form-urlencoded",
      };
    case "multipart": {
      const boundary = "----fuzz7MA4YWxkTrZu0gW";
      const parts = Object.entries(values).map(([key, value]) => {
        const file = key.startsWith("attachment_") ? `; filename="${asText(value).slice(0, 40)}"` : "";
        return `--${boundary}\r\nContent-Disposition: form-data; name="${key}"${file}\r\n\r\n${asText(value)}\r\n`;
      });
      return {
        body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
        type: `multipart/form-data; boundary=${boundary}`,
      };
    }
    case "image":
      // An image's signature, then anything: the server decides the type from the bytes.
      return {
        body: Buffer.concat([IMAGE_SIGNATURES[asText(values.kind).length % IMAGE_SIGNATURES.length]!, Buffer.from(JSON.stringify(values))]),
        type: "image/png",
      };
    case "none":
      return { body: undefined, type: undefined };
  }
}
