import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A real, valid PNG image (a small red square) that any decoder opens. */
export function tinyPng(size = 4): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([220, 38, 38]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The PNG signature followed by `size` bytes in total of filler: large "images" for limits. */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x5a);
  tinyPng().subarray(0, 8).copy(bytes);
  return bytes;
}

/** The start of a Linux executable (ELF) and of a Windows one (MZ/PE): never accepted. */
export function elfExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(bytes);
  return bytes;
}

export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1").copy(bytes);
  bytes.write("This program cannot be run in DOS mode.", 78, "latin1");
  return bytes;
}

/** A minimal PDF document. */
export function tinyPdf(): Buffer {
  return Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");
}

/** Valid report fields (section 3), overridable one by one. */
export function validReportFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    reporter_name: "Ada Researcher",
    reporter_email: "ada@example.com",
    company: "Example Security",
    asset_affected: "https://app.dialogic.localhost/login",
    vulnerability_title: "Reflected XSS in the login redirect parameter",
    vrt_category: "Input Validation",
    vrt_subcategory: "other",
    weakness_type: "Implementation",
    severity: "High",
    description:
      "The redirect parameter of the login page is reflected into the page without encoding, so a crafted link runs script.",
    reproduction_steps: "1. Open /login?next=<script>alert(1)</script>\n2. See the alert.",
    impact: "An attacker can run script in a signed-in user's session.",
    ...overrides,
  };
}
