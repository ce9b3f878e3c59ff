import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/**
 * The floors of server/ (docs/architecture.md) import no feature: what they need from one is
 * handed in by the composition root. Read from the code itself, and kept by the linter.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const FLOORS = ["server/db", "server/cache", "server/http", "server/limits", "server/config", "server/config.server.ts", "server/lifecycle"];
const ABOVE_FLOORS = ["admin", "analytics", "audit", "auth", "blog", "contact", "disclosure", "mail", "media", "pages", "people", "preview", "reports", "revisions", "search", "social-cards"];

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full).flatMap((name) => sourceFiles(path.join(entry, name)));
}

const isCode = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

/** Where each import of a file leads, as a path from the repository's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^;"']*?from\s+["']([^"']+)["']/g)].map((match) => match[1]!);
  return specifiers.filter((spec) => spec.startsWith(".")).map((spec) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), spec)));
}

describe("floors that hold", () => {
  test("db, cache, http, limits, config and lifecycle import no feature", () => {
    const upward = FLOORS.flatMap(sourceFiles)
      .filter(isCode)
      .flatMap((file) => importsOf(file).map((target) => ({ file, target })))
      .filter(({ target }) => ABOVE_FLOORS.some((room) => target.startsWith(`server/${room}/`)));
    expect(upward).toEqual([]);
  });

  test("server/ imports nothing from app/", () => {
    const intoApp = sourceFiles("server")
      .filter(isCode)
      .flatMap((file) => importsOf(file).filter((target) => target.startsWith("app/")).map((target) => `${file} → ${target}`));
    expect(intoApp).toEqual([]);
  });

  test.each([
    ["server/db/planted.server.ts", 'import { publicFilter } from "../blog/post-visibility.server";'],
    ["server/db/migrations/9999-planted.ts", 'import { imageDimensions } from "../../media/image-processing.server";'],
    ["server/cache/planted.server.ts", 'import { SEARCH_LIMIT } from "../search/search-limit.server";'],
    ["server/http/planted.server.ts", 'import { verifyToken } from "../auth/admin-auth.server";'],
    ["server/limits/planted.server.ts", 'import { audit } from "../audit/audit.server";'],
    ["server/config/planted.server.ts", 'import { DEFAULT_UPLOAD_LIMITS } from "../reports/report-upload.server";'],
    ["server/config.server.ts", 'import { clientKey } from "./reports/report-upload.server";'],
    ["server/blog/planted.server.ts", 'import { homeCopy } from "../../app/content/home";'],
  ])("the linter refuses %s importing upward", async (filePath, code) => {
    const eslint = new ESLint({ cwd: ROOT });
    const [result] = await eslint.lintText(`${code}\nexport const planted = 1;\n`, { filePath: path.join(ROOT, filePath) });
    const refusals = result!.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports");
    expect(refusals.map((message) => message.message).join("\n")).toMatch(/imports no feature|imports nothing from app/);
  }, 60_000);

  test("the linter refuses a door that guards, audits or says no-store on its own", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const code = [
      'import express from "express";',
      'import { audit } from "../audit/audit.server";',
      "export function plantedRouter() {",
      "  const router = express.Router();",
      '  router.get("/admin/planted", async (req, res) => {',
      '    await audit.record(undefined as never, { action: "logout", ip: req.ip });',
      '    res.set("Cache-Control", "no-store").json({});',
      "  });",
      "  return router;",
      "}",
    ].join("\n");
    const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, "server/blog/planted-api.server.ts") });
    const refusals = result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.message);
    expect(refusals).toEqual([
      expect.stringContaining("declared through adminRoutes"),
      expect.stringContaining("recordAudit(res"),
      expect.stringContaining("no-store already"),
    ]);
  }, 60_000);
});
