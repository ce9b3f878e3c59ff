import express from "express";
import type { AppServices } from "../context.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** RFC 9116 asks for an Expires less than a year ahead; the file is rebuilt on every request. */
const EXPIRES_AFTER_DAYS = 360;

/** The contents of /.well-known/security.txt (RFC 9116), from configuration. */
export function securityTxt(
  { siteUrl, securityEmail }: { siteUrl: string; securityEmail: string },
  now: Date = new Date(),
): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const expires = new Date(midnight + EXPIRES_AFTER_DAYS * DAY_MS).toISOString().replace(".000Z", "Z");
  return [
    `Contact: ${siteUrl}/security/submit`,
    `Contact: mailto:${securityEmail}`,
    `Expires: ${expires}`,
    `Policy: ${siteUrl}/security`,
    `Acknowledgments: ${siteUrl}/security/acknowledgments`,
    "Preferred-Languages: en",
    `Canonical: ${siteUrl}/.well-known/security.txt`,
    "",
  ].join("\n");
}

/** GET /.well-known/security.txt, and the legacy /security.txt pointing to it. */
export function securityTxtRouter({ config }: Pick<AppServices, "config">) {
  const router = express.Router();
  router.get("/.well-known/security.txt", (_req, res) => {
    res
      .type("text/plain; charset=utf-8")
      .set("Cache-Control", "public, max-age=86400")
      .send(securityTxt(config.public));
  });
  router.get("/security.txt", (_req, res) => res.redirect(301, "/.well-known/security.txt"));
  return router;
}
