import { generate } from "otplib";
import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { auditRouter } from "../audit/audit-api.server";
import { accountRouter } from "../auth/account-api.server";
import { ensureAdminPassword } from "../auth/admin-auth.server";
import { loginRouter } from "../auth/login-api.server";
import { peopleRouter } from "./people-api.server";

const PASSWORD = "correct horse battery staple";
const EDITOR_PASSWORD = "an editor's own long password";

/** The invitation token in the newest outbox email to this address. */
async function invitationToken(db: Awaited<ReturnType<ReturnType<typeof apiTestServer>["start"]>>["db"], to: string): Promise<string> {
  const email = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", to).orderBy("created_at", "desc").executeTakeFirstOrThrow();
  return /\/admin\/invite\/([\w-]{43})/.exec(email.text_body)![1]!;
}

describe.each(testDatabaseKinds)("the team's people on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one" },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services), accountRouter(services), auditRouter(services), peopleRouter(services)],
    });
    const call = (method: string, path: string, token?: string, body?: unknown) => send(path, { method, token, body });
    const owner = ((await (await call("POST", "/admin/login", undefined, { password: PASSWORD })).json()) as { token: string }).token;
    return { db, call, owner };
  }

  test("the owner invites an editor, who takes the link, signs in with their address and acts in their own name", async () => {
    const { db, call, owner } = await start();
    expect(await (await call("GET", "/admin/me", owner)).json()).toEqual({ id: "owner", email: null, name: "Owner", role: "owner" });

    expect((await call("POST", "/admin/people", owner, { email: "x@example.com", name: "X", role: "owner" })).status).toBe(400);
    const refused = await call("POST", "/admin/people", owner, { email: "not an address", name: "", role: "editor" });
    expect(await refused.json()).toMatchObject({ fields: { email: "Enter a valid email address", name: "Enter the person's name" } });
    const invited = await call("POST", "/admin/people", owner, { email: "Priya@Example.com", name: "Priya", role: "editor" });
    expect(invited.status).toBe(201);
    const priya = (await invited.json()) as { id: string };
    expect(priya).toMatchObject({ email: "priya@example.com", name: "Priya", role: "editor", status: "invited", last_sign_in_at: null });
    expect((await call("POST", "/admin/people", owner, { email: "priya@example.com", name: "P", role: "author" })).status).toBe(409);

    const token = await invitationToken(db, "priya@example.com");
    expect(await (await call("GET", `/admin/invitations/${token}`)).json()).toEqual({ email: "priya@example.com", name: "Priya", role: "editor" });
    expect((await call("POST", `/admin/invitations/${token}`, undefined, { name: "Priya N", password: "short" })).status).toBe(400);
    const common = await call("POST", `/admin/invitations/${token}`, undefined, { name: "Priya N", password: "password1234" });
    expect(await common.json()).toMatchObject({ fields: { password: "This password is one of the most common passwords: choose another" } });
    const joined = await call("POST", `/admin/invitations/${token}`, undefined, { name: "Priya N", password: EDITOR_PASSWORD });
    expect(joined.status).toBe(200);
    const joinedToken = ((await joined.json()) as { token: string }).token;
    expect(await (await call("GET", "/admin/me", joinedToken)).json()).toMatchObject({ name: "Priya N", role: "editor" });
    // Single use.
    expect((await call("POST", `/admin/invitations/${token}`, undefined, { name: "Eve", password: "another long password" })).status).toBe(404);

    // The owner's password alone still signs in the owner; the address signs in the person.
    expect((await call("POST", "/admin/login", undefined, { email: "priya@example.com", password: PASSWORD })).status).toBe(401);
    expect((await call("POST", "/admin/login", undefined, { email: "nobody@example.com", password: EDITOR_PASSWORD })).status).toBe(401);
    const editor = ((await (await call("POST", "/admin/login", undefined, { email: " PRIYA@example.com ", password: EDITOR_PASSWORD })).json()) as { token: string }).token;
    expect(await (await call("GET", "/admin/me", editor)).json()).toEqual({ id: priya.id, email: "priya@example.com", name: "Priya N", role: "editor" });

    // Her own sessions only; the people list and the audit trail are not hers to read.
    expect(((await (await call("GET", "/admin/sessions", editor)).json()) as unknown[]).length).toBe(2);
    expect(await (await call("GET", "/admin/people", editor)).json()).toEqual({ error: "The Editor role may not see the people of the team." });
    expect((await call("GET", "/admin/audit", editor)).status).toBe(403);

    const people = (await (await call("GET", "/admin/people", owner)).json()) as { role: string; status: string }[];
    expect(people.map((person) => [person.role, person.status])).toEqual([["owner", "active"], ["editor", "active"]]);
    const audit = (await (await call("GET", `/admin/audit?actor=${priya.id}`, owner)).json()) as { items: { action: string; actor: unknown }[] };
    expect(audit.items.map((item) => item.action)).toEqual(["login.success", "login.success", "person.joined"]);
    expect(audit.items[0]!.actor).toEqual({ id: priya.id, name: "Priya N", role: "editor" });
  });

  test("removing a person ends their session at once and keeps their name in the trail; the owner stays", async () => {
    const { db, call, owner } = await start();
    const { id } = (await (await call("POST", "/admin/people", owner, { email: "sam@example.com", name: "Sam", role: "author" })).json()) as { id: string };
    const token = await invitationToken(db, "sam@example.com");
    const sam = ((await (await call("POST", `/admin/invitations/${token}`, undefined, { name: "Sam", password: "sam's long password" })).json()) as { token: string }).token;
    expect((await call("GET", "/admin/me", sam)).status).toBe(200);

    expect((await call("DELETE", "/admin/people/owner", owner)).status).toBe(409);
    expect((await call("PATCH", "/admin/people/owner", owner, { role: "editor" })).status).toBe(409);
    expect((await call("PATCH", `/admin/people/${id}`, owner, { role: "owner" })).status).toBe(400);

    // A new role ends the sessions: the person signs in again under it.
    expect(await (await call("PATCH", `/admin/people/${id}`, owner, { role: "contributor" })).json()).toMatchObject({ role: "contributor" });
    expect((await call("GET", "/admin/me", sam)).status).toBe(401);
    const again = ((await (await call("POST", "/admin/login", undefined, { email: "sam@example.com", password: "sam's long password" })).json()) as { token: string }).token;
    expect(await (await call("GET", "/admin/me", again)).json()).toMatchObject({ role: "contributor" });

    expect((await call("DELETE", `/admin/people/${id}`, owner)).status).toBe(204);
    expect((await call("GET", "/admin/me", again)).status).toBe(401);
    expect((await call("POST", "/admin/login", undefined, { email: "sam@example.com", password: "sam's long password" })).status).toBe(401);
    expect((await call("DELETE", `/admin/people/${id}`, owner)).status).toBe(404);
    const trail = (await (await call("GET", `/admin/audit?actor=${id}`, owner)).json()) as { items: { actor: { name: string } }[] };
    expect(trail.items.length).toBeGreaterThan(0);
    expect(trail.items.every((item) => item.actor.name === "Sam")).toBe(true);
    // The address is free again.
    expect((await call("POST", "/admin/people", owner, { email: "sam@example.com", name: "Sam", role: "author" })).status).toBe(201);
  });

  test("each person has their own second factor and is told of a new authenticator, a new browser and a recovery code used", async () => {
    const { db, call, owner } = await start();
    await call("POST", "/admin/people", owner, { email: "ada@example.com", name: "Ada", role: "security" });
    const joined = await call("POST", `/admin/invitations/${await invitationToken(db, "ada@example.com")}`, undefined, { name: "Ada", password: "ada's own long password" });
    const ada = ((await joined.json()) as { token: string }).token;
    const enrolled = (await (await call("POST", "/admin/factors", ada, { friendly_name: "Ada's phone" })).json()) as { id: string; secret: string };
    const verified = await call("POST", `/admin/factors/${enrolled.id}/verify`, ada, { code: await generate({ secret: enrolled.secret }) });
    const { recovery_codes: recovery } = (await verified.json()) as { recovery_codes: string[] };
    const subjects = async () =>
      (await db.selectFrom("mail_outbox").select("subject").where("to_address", "=", "ada@example.com").orderBy("created_at").execute()).map((row) => row.subject);
    expect(await subjects()).toEqual([expect.stringContaining("you are invited"), expect.stringContaining("An authenticator app was added to your account")]);

    // Her factor is hers: the owner still signs in with the password alone, and lists no factor.
    expect(await (await call("POST", "/admin/login", undefined, { password: PASSWORD })).json()).toHaveProperty("token");
    expect(await (await call("GET", "/admin/factors", owner)).json()).toEqual([]);
    const first = (await (await call("POST", "/admin/login", undefined, { email: "ada@example.com", password: "ada's own long password" })).json()) as { challenge: string };
    expect(first).toMatchObject({ mfaRequired: true });
    // A browser without her device cookie, with a recovery code: both are told.
    expect((await call("POST", "/admin/login/verify", undefined, { challenge: first.challenge, code: recovery[0] })).status).toBe(200);
    expect(await subjects()).toEqual([
      expect.stringContaining("you are invited"),
      expect.stringContaining("An authenticator app was added to your account"),
      expect.stringContaining("sign-in from a new browser"),
      expect.stringContaining("a recovery code was used"),
    ]);
    // The owner cannot remove her factor: it is not theirs.
    expect((await call("DELETE", `/admin/factors/${enrolled.id}`, owner, { password: PASSWORD })).status).toBe(404);
  });
});
