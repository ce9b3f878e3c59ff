import { ROLE_LABELS, type Role } from "../../domain/roles";
import type { PersonView } from "../../domain/people";
import type { AppServices } from "../context.server";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";

/**
 * The emails a person of the team gets about their own account (decision 208), through the
 * outbox like every other: an invitation, a new role, a new way to sign in, a recovery code used,
 * a sign-in from a browser not seen before. Each says what to do if it was not them.
 */
type Services = Pick<AppServices, "db" | "config">;
type Recipient = { email: string | null; name: string };

async function send({ db, config }: Services, to: Recipient, subject: string, lines: string[]): Promise<void> {
  if (!to.email) return; // The owner has no address of their own: the security contact hears of theirs elsewhere.
  await enqueueEmail(db, { to: to.email, subject: `${config.public.siteName}: ${subject}`, text: [`Hello ${to.name},`, "", ...lines].join("\n") });
  notifyOutbox();
}

const notYou = (services: Services) => [
  "",
  `If this was not you, tell the site's owner or administrator at once, and read your account's sessions at ${services.config.public.siteUrl}/admin/account`,
];

export function emailInvitation(services: Services, { person, inviter, link }: { person: PersonView | Recipient & { role: Role }; inviter: string; link: string }) {
  return send(services, person, "you are invited to the team", [
    `${inviter} invited you to run ${services.config.public.siteName} as ${ROLE_LABELS[person.role]}.`,
    "",
    "Choose your password here (the link works once, for 7 days):",
    link,
  ]);
}

export function emailRoleChange(services: Services, { person, before }: { person: PersonView; before: Role }) {
  return send(services, person, "your role changed", [
    `Your role changed from ${ROLE_LABELS[before]} to ${ROLE_LABELS[person.role]}. You were signed out everywhere: sign in again to continue.`,
    ...notYou(services),
  ]);
}

/** A new way to sign in on the person's account: an authenticator or a passkey. */
export function emailNewSignInMethod(services: Services, person: Recipient, what: string) {
  return send(services, person, `${what} was added to your account`, [`${what} was added to your account.`, ...notYou(services)]);
}

export function emailRecoveryCodeUsed(services: Services, person: Recipient) {
  return send(services, person, "a recovery code was used", ["One of your recovery codes was used to sign in or change your account.", ...notYou(services)]);
}

export function emailNewBrowser(services: Services, person: Recipient, browser: string) {
  return send(services, person, "sign-in from a new browser", [`You signed in from a browser not used before: ${browser}.`, ...notYou(services)]);
}
