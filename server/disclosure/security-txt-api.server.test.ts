import { afterEach, expect, test } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { loadConfig } from "../config.server";
import { securityTxt, securityTxtRouter } from "./security-txt-api.server";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

test("security.txt follows RFC 9116 from the configuration", () => {
  const text = securityTxt(
    { siteUrl: "https://dialogic.example", securityEmail: "security@dialogic.example" },
    new Date("2026-03-10T15:30:00Z"),
  );
  expect(text).toBe(
    [
      "Contact: https://dialogic.example/security/submit",
      "Contact: mailto:security@dialogic.example",
      "Expires: 2027-03-05T00:00:00Z",
      "Policy: https://dialogic.example/security",
      "Acknowledgments: https://dialogic.example/security/acknowledgments",
      "Preferred-Languages: en",
      "Canonical: https://dialogic.example/.well-known/security.txt",
      "",
    ].join("\n"),
  );
});

test("it is served as text/plain at /.well-known/security.txt, /security.txt redirects there", async () => {
  const config = loadConfig({ SITE_URL: "https://dialogic.example", SECURITY_TO: "psirt@dialogic.example" });
  const app = express();
  app.use(securityTxtRouter({ config }));
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const response = await fetch(`${base}/.well-known/security.txt`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain("Contact: mailto:psirt@dialogic.example\n");
  const expires = Date.parse(/^Expires: (.+)$/m.exec(text)![1]!);
  const days = (expires - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(355);
  expect(days).toBeLessThan(365);

  const legacy = await fetch(`${base}/security.txt`, { redirect: "manual" });
  expect(legacy.status).toBe(301);
  expect(legacy.headers.get("location")).toBe("/.well-known/security.txt");
});
