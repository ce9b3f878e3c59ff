// Compiles the Express process (server/index.ts) into build/server.js, run with plain node.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
  // The built server is always the production server, whatever NODE_ENV says (docs/decisions/069).
  define: { "process.env.DIALOGIC_BUILT": '"1"' },
});
