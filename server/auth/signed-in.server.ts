import type { Request, Response } from "express";
import { clientKey } from "../http/client-key.server";
import type { AppServices } from "../context.server";
import { describeBrowser } from "../../domain/account";
import { findPerson } from "../people/people.server";
import { emailNewBrowser, emailRecoveryCodeUsed } from "../people/people-emails.server";
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
 * token as the login answers it, and the device cookie (HttpOnly, only ever sent to the login
 * doors). A person signing in from a browser they had not used is told by email.
 */
export async function sendSignedIn(res: Response, services: Pick<AppServices, "db" | "config">, signedIn: SignedIn, userAgent?: string): Promise<void> {
  const { config } = services;
  if (signedIn.newBrowser || signedIn.recoveryCodeUsed) {
    const person = await findPerson(services.db, signedIn.personId);
    if (person && signedIn.newBrowser) await emailNewBrowser(services, person, describeBrowser(userAgent ?? null));
    if (person && signedIn.recoveryCodeUsed) await emailRecoveryCodeUsed(services, person);
  }
  res.cookie(DEVICE_COOKIE, signedIn.deviceToken, {
    httpOnly: true,
    sameSite: "strict",
    secure: config.public.siteUrl.startsWith("https:"),
    path: "/api/admin/login",
    maxAge: DEVICE_TTL_MS,
  });
  res.json({ token: signedIn.token, expiresAt: signedIn.expiresAt });
}
