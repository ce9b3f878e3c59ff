import type { Request, Response } from "express";
import { clientKey } from "../http/client-key.server";
import type { Config } from "../config.server";
import type { LoginClient, SignedIn } from "./admin-login.server";
import { DEVICE_COOKIE, DEVICE_TTL_MS, deviceFromCookies } from "./devices.server";

/** What a sign-in door knows of the client: its limit key, its device cookie, its address and browser. */
export const loginClientOf = (req: Request): LoginClient => ({
  clientKey: clientKey(req),
  device: deviceFromCookies(req.headers.cookie),
  origin: { ip: req.ip, userAgent: req.get("user-agent") },
});

/**
 * A sign-in's answer, whichever door it came through (password, code, passkey, invitation): the
 * token as the login answers it, and the device cookie (HttpOnly, only ever sent to the login doors).
 */
export function sendSignedIn(res: Response, config: Pick<Config, "public">, signedIn: SignedIn): void {
  res.cookie(DEVICE_COOKIE, signedIn.deviceToken, {
    httpOnly: true,
    sameSite: "strict",
    secure: config.public.siteUrl.startsWith("https:"),
    path: "/api/admin/login",
    maxAge: DEVICE_TTL_MS,
  });
  res.json({ token: signedIn.token, expiresAt: signedIn.expiresAt });
}
