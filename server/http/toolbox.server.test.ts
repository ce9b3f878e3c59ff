import { readdirSync } from "node:fs";
import { expect, test } from "vitest";

/**
 * server/http/ is the toolbox: HTTP tools any feature may use, no feature and no router
 * (docs/decisions/180). A new file here is a deliberate choice: add it below, or put it in its feature's folder.
 */
const TOOLS = [
  "accept-encoding.server.ts",
  "api-errors.server.ts",
  "client-key.server.ts",
  "cross-site.server.ts",
  "form-data.server.ts",
  "page-adapter.server.ts",
  "path-spelling.server.ts",
  "precompressed.server.ts",
  "request-log.server.ts",
  "security-headers.server.ts",
  "unavailable.server.ts",
];

test("server/http/ holds only the HTTP tools (and their tests)", () => {
  const modules = readdirSync(new URL(".", import.meta.url)).filter((name) => !name.includes(".test."));
  expect(modules.sort()).toEqual([...TOOLS].sort());
});
