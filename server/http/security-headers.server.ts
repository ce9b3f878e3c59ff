import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { VIDEO_EMBED_ORIGINS } from "../../domain/embeds";

declare module "express-serve-static-core" {
  interface Locals {
    /** A fresh nonce for this response's inline scripts. */
    cspNonce: string;
  }
}

/**
 * Strict headers on every response: scripts only from our origin or with this response's nonce
 * (never 'unsafe-inline'), no framing of our pages, no MIME sniffing.
 */
function nonceSource(_req: unknown, res: unknown): string {
  return `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
}

export function securityHeaders({ development }: { development: boolean }): RequestHandler[] {
  const assignNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", nonceSource],
        // Article colours and toast positioning are inline styles; scripts stay strict.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "font-src": ["'self'"],
        "connect-src": development ? ["'self'", "ws:"] : ["'self'"],
        "frame-src": [...VIDEO_EMBED_ORIGINS],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    // HSTS only where the site is really served over HTTPS (set below).
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  const permissionsAndHsts: RequestHandler = (req, res, next) => {
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    if (req.secure) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
  return [assignNonce, headers, permissionsAndHsts];
}
