// Compresses the client build once, at build time: a brotli (.br) and a gzip (.gz) file beside
// every compressible file, which the server sends to clients that accept them
// (server/http/precompressed.server.ts). Nothing static is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const ROOT = "build/client";
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|xml|html)$/;
const MIN_BYTES = 512;

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of readdirSync(ROOT, { recursive: true, encoding: "utf8" })) {
  const file = path.join(ROOT, entry);
  if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  afterBrotli += br.length;
}
console.log(`Precompressed ${files} files: ${(before / 1024).toFixed(0)} KB, ${(afterBrotli / 1024).toFixed(0)} KB as brotli.`);
