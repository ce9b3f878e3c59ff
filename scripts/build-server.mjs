// Compiles the Express process (server/index.ts) into build/server.js, run with plain node, and the
// search worker's thread into build/server/search-worker.js, beside the app bundle that starts it.
import { build } from "esbuild";

const shared = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
};

await build({
  ...shared,
  entryPoints: ["server/index.ts"],
  outfile: "build/server.js",
  // The built server is always the production server, whatever NODE_ENV says (docs/decisions/069).
  define: { "process.env.DIALOGIC_BUILT": '"1"' },
});

// Found at run time by server/search/search-worker.server.ts (docs/decisions/173).
await build({
  ...shared,
  entryPoints: ["server/search/search-worker-thread.server.ts"],
  outfile: "build/server/search-worker.js",
});
