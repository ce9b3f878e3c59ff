import crypto from "node:crypto";
import {
  INVITATION_TTL_MS,
  OWNER_ID,
  peopleMessages,
  type InvitationInput,
  type Me,
  type PersonChange,
  type PersonView,
} from "../../domain/people";
import { ROLE_LABELS, type Actor, type Role } from "../../domain/roles";
import type { AppDatabase } from "../db/database.server";
import type { AdminPeopleTable } from "../db/schema";
import { checkPassword, endPersonAccess, type AdminSession } from "../auth/admin-auth.server";
import { hashPassword, verifyPassword } from "../auth/password.server";

/**
 * The people of the team (docs/decisions/208). The owner is the row "owner", whose password is
 * the specification's admin password (admin_credentials); everyone else is invited by address
 * with a role, takes the invitation with a name and a password of their own, and signs in with
 * both. A removed person keeps their row, so their work and the audit trail still name them.
 */
export type Person = { id: string; email: string | null; name: string; role: Role; invited: boolean };

const PERSON_COLUMNS = ["id", "email", "name", "role", "password_hash", "created_at", "last_sign_in_at", "invitation_hash"] as const;
type PersonRow = Pick<AdminPeopleTable, (typeof PERSON_COLUMNS)[number]>;

const toPerson = (row: PersonRow): Person => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as Role,
  invited: row.id !== OWNER_ID && row.password_hash === null,
});

const toView = (row: PersonRow): PersonView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as Role,
  status: toPerson(row).invited ? "invited" : "active",
  created_at: row.created_at,
  last_sign_in_at: row.last_sign_in_at,
});

function hashInvitation(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Everyone on the team, the owner first, then by name. */
export async function listPeople(db: AppDatabase): Promise<PersonView[]> {
  const rows = await db.selectFrom("admin_people").select(PERSON_COLUMNS).where("removed_at", "is", null).orderBy("created_at").orderBy("id").execute();
  return rows.map(toView).sort((a, b) => Number(b.role === "owner") - Number(a.role === "owner") || a.name.localeCompare(b.name));
}

/** A person still on the team (invited or active), by id. */
export async function findPerson(db: AppDatabase, id: string): Promise<Person | undefined> {
  const row = await db.selectFrom("admin_people").select(PERSON_COLUMNS).where("id", "=", id).where("removed_at", "is", null).executeTakeFirst();
  return row && toPerson(row);
}

/** The signed-in person as `GET /api/admin/me` answers. */
export async function findMe(db: AppDatabase, id: string): Promise<Me | undefined> {
  const person = await findPerson(db, id);
  return person && { id: person.id, email: person.email, name: person.name, role: person.role };
}

/** The view of a person on the team, as the people API answers it. */
export async function personView(db: AppDatabase, id: string): Promise<PersonView | undefined> {
  const row = await db.selectFrom("admin_people").select(PERSON_COLUMNS).where("id", "=", id).where("removed_at", "is", null).executeTakeFirst();
  return row && toView(row);
}

/** Names of people by id, the removed included: for bylines, timelines and the audit trail. */
export async function namesOfPeople(db: AppDatabase, ids: readonly string[]): Promise<Map<string, { name: string; role: Role }>> {
  const wanted = [...new Set(ids.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom("admin_people").select(["id", "name", "role"]).where("id", "in", wanted).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, role: row.role as Role }]));
}

/** The people on the team (invited or active) with one of these roles, the owner first, then by name. */
export async function peopleWithRoles(db: AppDatabase, roles: readonly Role[]): Promise<Actor[]> {
  if (roles.length === 0) return [];
  const people = await listPeople(db);
  return people.filter((person) => roles.includes(person.role)).map(({ id, name, role }) => ({ id, name, role }));
}

/** The signed-in person as their work names them: their name now, the role their session carries. */
export async function actorOf(db: AppDatabase, { personId, role }: { personId: string; role: Role }): Promise<Actor> {
  const name = (await namesOfPeople(db, [personId])).get(personId)?.name ?? ROLE_LABELS[role];
  return { id: personId, name, role };
}

/** A DUMMY hash for unknown addresses: a sign-in by address takes as long whether or not it exists. */
let dummyHash: Promise<string> | undefined;

/**
 * The person an address and password sign in, if both are right and the person has taken their
 * invitation. An unknown address costs the same hashing as a wrong password.
 */
export async function checkPersonPassword(db: AppDatabase, email: string, password: string): Promise<Person | undefined> {
  const row = await db
    .selectFrom("admin_people")
    .select(PERSON_COLUMNS)
    .where("email", "=", email)
    .where("removed_at", "is", null)
    .where("password_hash", "is not", null)
    .executeTakeFirst();
  if (!row?.password_hash) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
    await verifyPassword(password, await dummyHash);
    return undefined;
  }
  return (await verifyPassword(password, row.password_hash)) ? toPerson(row) : undefined;
}

/** Notes the sign-in; answers whether the person had signed in before. */
export async function recordSignIn(db: AppDatabase, personId: string, now = new Date()): Promise<boolean> {
  const before = await db.selectFrom("admin_people").select("last_sign_in_at").where("id", "=", personId).executeTakeFirst();
  await db.updateTable("admin_people").set({ last_sign_in_at: now.toISOString() }).where("id", "=", personId).execute();
  return Boolean(before?.last_sign_in_at);
}

export type InviteResult = { ok: true; person: PersonView; token: string } | { ok: false; code: "taken"; error: string };

/** Invites a person: their row, and the invitation link's token, answered once (only its hash is kept). */
export async function invitePerson(db: AppDatabase, input: InvitationInput, invitedBy: string, now = new Date()): Promise<InviteResult> {
  const taken = await db.selectFrom("admin_people").select("id").where("email", "=", input.email).where("removed_at", "is", null).executeTakeFirst();
  if (taken) return { ok: false, code: "taken", error: peopleMessages.emailTaken };
  const token = crypto.randomBytes(32).toString("base64url");
  const row = {
    id: crypto.randomUUID(),
    email: input.email,
    name: input.name,
    role: input.role,
    password_hash: null,
    created_at: now.toISOString(),
    last_sign_in_at: null,
    removed_at: null,
    invitation_hash: hashInvitation(token),
    invitation_expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
    invited_by: invitedBy,
  };
  try {
    await db.insertInto("admin_people").values(row).execute();
  } catch {
    // Two invitations to one address at once: the unique index lets one in.
    return { ok: false, code: "taken", error: peopleMessages.emailTaken };
  }
  return { ok: true, person: toView(row), token };
}

/** A fresh link for an invitation not yet taken (the old one ends); undefined for anyone else. */
export async function renewInvitation(db: AppDatabase, id: string, now = new Date()): Promise<string | undefined> {
  const token = crypto.randomBytes(32).toString("base64url");
  const renewed = await db
    .updateTable("admin_people")
    .set({ invitation_hash: hashInvitation(token), invitation_expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString() })
    .where("id", "=", id)
    .where("removed_at", "is", null)
    .where("password_hash", "is", null)
    .where("id", "<>", OWNER_ID)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) > 0 ? token : undefined;
}

/** The person an invitation link is for, while it works. */
export async function findInvitation(db: AppDatabase, token: string, now = new Date()): Promise<Person | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await db
    .selectFrom("admin_people")
    .select(PERSON_COLUMNS)
    .where("invitation_hash", "=", hashInvitation(token))
    .where("invitation_expires_at", ">", now.toISOString())
    .where("removed_at", "is", null)
    .where("password_hash", "is", null)
    .executeTakeFirst();
  return row && toPerson(row);
}

/**
 * Takes an invitation: the person's name and password hash are stored and the link is used up,
 * in one UPDATE that only the first of two parallel requests wins.
 */
export async function acceptInvitation(
  db: AppDatabase,
  token: string,
  { name, password }: { name: string; password: string },
  now = new Date(),
): Promise<Person | undefined> {
  const person = await findInvitation(db, token, now);
  if (!person) return undefined;
  const taken = await db
    .updateTable("admin_people")
    .set({ name, password_hash: await hashPassword(password), invitation_hash: null, invitation_expires_at: null })
    .where("id", "=", person.id)
    .where("invitation_hash", "=", hashInvitation(token))
    .where("password_hash", "is", null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0 ? { ...person, name, invited: false } : undefined;
}

export type ChangeRefusal = { ok: false; status: 404 | 409; error: string };

/**
 * Who may change whom: nobody changes the owner or themselves here (an administrator has
 * everything but the owner's person).
 */
async function changeable(db: AppDatabase, id: string, actor: { id: string; role: Role }): Promise<Person | ChangeRefusal> {
  const person = await findPerson(db, id);
  if (!person) return { ok: false, status: 404, error: peopleMessages.notFound };
  if (person.role === "owner") return { ok: false, status: 409, error: peopleMessages.ownerStays };
  if (person.id === actor.id) return { ok: false, status: 409, error: peopleMessages.notYourself };
  return person;
}

/**
 * A new role or name. A new role ends the person's sessions and preview links at once, on every
 * server: what they may do is read from their person at each request, and they sign in again.
 */
export async function changePerson(
  db: AppDatabase,
  id: string,
  change: PersonChange,
  actor: { id: string; role: Role },
): Promise<{ ok: true; person: PersonView; before: Person } | ChangeRefusal> {
  const person = await changeable(db, id, actor);
  if ("ok" in person) return person;
  const roleChanged = change.role !== undefined && change.role !== person.role;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("admin_people").set({ role: change.role ?? person.role, name: change.name ?? person.name }).where("id", "=", id).execute();
    if (roleChanged) await endPersonAccess(trx, id);
  });
  return { ok: true, person: (await personView(db, id))!, before: person };
}

/**
 * Removes a person: their sessions, devices, preview links, factors and invitation end in one
 * transaction, so their next request on any server is refused; their work stays in their name.
 */
export async function removePerson(db: AppDatabase, id: string, actor: { id: string; role: Role }, now = new Date()): Promise<{ ok: true; person: Person } | ChangeRefusal> {
  const person = await changeable(db, id, actor);
  if ("ok" in person) return person;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("admin_people")
      .set({ removed_at: now.toISOString(), password_hash: null, invitation_hash: null, invitation_expires_at: null })
      .where("id", "=", id)
      .execute();
    await endPersonAccess(trx, id, { forgetFactors: true });
  });
  return { ok: true, person };
}

/** Whether this is the person's own password: the admin password for the owner, their own for anyone else. */
export async function checkOwnPassword(db: AppDatabase, personId: string, password: string): Promise<boolean> {
  if (personId === OWNER_ID) return checkPassword(db, password);
  const row = await db.selectFrom("admin_people").select("password_hash").where("id", "=", personId).where("removed_at", "is", null).executeTakeFirst();
  return Boolean(row?.password_hash) && (await verifyPassword(password, row!.password_hash!));
}

/**
 * A person's new password (not the owner's: setAdminPassword keeps that one); their other
 * sessions, preview links and known browsers end in the same transaction.
 */
export async function setPersonPassword(db: AppDatabase, personId: string, password: string, keepSession?: AdminSession): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("admin_people").set({ password_hash: passwordHash }).where("id", "=", personId).execute();
    await endPersonAccess(trx, personId, { keepSession });
  });
}

/** The id of the person on the team with this address (lower case), if any. */
export async function personIdByEmail(db: AppDatabase, email: string): Promise<string | undefined> {
  const row = await db.selectFrom("admin_people").select("id").where("email", "=", email).where("removed_at", "is", null).executeTakeFirst();
  return row?.id;
}
