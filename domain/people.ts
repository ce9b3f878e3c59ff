import { z } from "zod";
import { accountMessages, NEW_PASSWORD_MIN_LENGTH } from "./account";
import { PASSWORD_MAX_LENGTH } from "./auth";
import { INVITABLE_ROLES, ROLE_LABELS, type Role } from "./roles";
import { isSingleLine, storableString } from "./text-rules";
import { tooLongMessage } from "./text-length";

/** The people of the team as the API answers them (issue "The team signs in as themselves"). */
export type PersonStatus = "active" | "invited";
export type PersonView = {
  id: string;
  email: string | null;
  name: string;
  role: Role;
  status: PersonStatus;
  created_at: string;
  last_sign_in_at: string | null;
};

/** The signed-in person, as `GET /api/admin/me` answers. */
export type Me = { id: string; email: string | null; name: string; role: Role };

/** The owner's person: the holder of the specification's admin password. */
export const OWNER_ID = "owner";

/** Where an invitation link opens. */
export const invitationPath = (token: string) => `/admin/invite/${token}`;

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const PERSON_LIMITS = { name: 100, email: 254 } as const;

export const peopleMessages = {
  nameRequired: "Enter the person's name",
  ownNameRequired: "Enter your name",
  nameSingleLine: "The name must be a single line",
  emailRequired: "Enter an email address",
  emailInvalid: "Enter a valid email address",
  roleInvalid: `Choose one of the roles: ${INVITABLE_ROLES.map((role) => ROLE_LABELS[role]).join(", ")}`,
  emailTaken: "Someone on the team already has this email address",
  notFound: "Person not found",
  ownerStays: "The owner cannot be removed or given another role: hand ownership to an administrator first",
  notYourself: "You cannot remove yourself or change your own role",
  invitationGone: "This invitation has expired, was used, or was withdrawn. Ask for a new one.",
  invited: (email: string) => `Invitation sent to ${email}`,
  removed: (name: string) => `${name} was removed from the team`,
} as const;

const personName = (required: string) =>
  storableString({ error: required })
    .trim()
    .min(1, required)
    .max(PERSON_LIMITS.name, tooLongMessage(PERSON_LIMITS.name))
    .refine(isSingleLine, peopleMessages.nameSingleLine);

/** An address as stored and compared: trimmed and lower case (people sign in with it). */
const personEmail = storableString({ error: peopleMessages.emailRequired })
  .trim()
  .min(1, peopleMessages.emailRequired)
  .max(PERSON_LIMITS.email, tooLongMessage(PERSON_LIMITS.email))
  .pipe(z.email({ error: peopleMessages.emailInvalid }))
  .transform((email) => email.toLowerCase());

const invitableRole = z.enum(INVITABLE_ROLES, { error: peopleMessages.roleInvalid });

/** POST /api/admin/people: who is invited, with which role (never the owner's). */
export const invitationSchema = z.object(
  { email: personEmail, name: personName(peopleMessages.nameRequired), role: invitableRole },
  { error: peopleMessages.emailRequired },
);
export type InvitationInput = z.infer<typeof invitationSchema>;

/** PATCH /api/admin/people/:id: a new role, a new name, or both. */
export const personChangeSchema = z.object(
  { role: invitableRole.optional(), name: personName(peopleMessages.nameRequired).optional() },
  { error: peopleMessages.roleInvalid },
);
export type PersonChange = z.infer<typeof personChangeSchema>;

/** A new password, by the admin password's rules (length here, the common list on the server). */
export const newPasswordSchema = storableString({ error: accountMessages.newPasswordTooShort })
  .min(NEW_PASSWORD_MIN_LENGTH, accountMessages.newPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, tooLongMessage(PASSWORD_MAX_LENGTH));

/** POST /api/admin/invitations/:token: the person's name and their password. */
export const acceptInvitationSchema = z.object(
  { name: personName(peopleMessages.ownNameRequired), password: newPasswordSchema },
  { error: peopleMessages.ownNameRequired },
);

/** The sign-in of a person by address: the owner's body has no email. */
export const personEmailSchema = personEmail;
