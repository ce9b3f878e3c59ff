import { afterEach, describe, expect, test } from "vitest";
import { cliEnv, runCli } from "../../tests/helpers/run-cli";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { openSession, verifyToken } from "../auth/admin-auth.server";
import { acceptInvitation, findInvitation, listPeople } from "./people.server";

describe.each(testDatabaseKinds)("the operator's people commands on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("invite prints a working link (no mail server needed), people lists the team, remove ends the person's sessions", async () => {
    database = await createTestDatabase(kind);
    const { db, target } = database;
    const env = cliEnv(target, { ADMIN_PASSWORD: "", SITE_URL: "https://dialogic.example" });

    const refused = await runCli(["invite", "lee@example.com", "owner"], env);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("Choose one of the roles");

    const invited = await runCli(["invite", "Lee@Example.com", "editor", "Lee", "Park"], env);
    expect(invited.code).toBe(0);
    const token = /https:\/\/dialogic\.example\/admin\/invite\/([\w-]{43})/.exec(invited.output)![1]!;
    expect(await findInvitation(db, token)).toMatchObject({ email: "lee@example.com", name: "Lee Park", role: "editor" });
    const lee = (await acceptInvitation(db, token, { name: "Lee Park", password: "lee's own long password" }))!;
    const { token: session } = await openSession(db, { personId: lee.id });

    const listed = await runCli(["people"], env);
    expect(listed.output).toContain("(the admin password)  Owner  Owner  active");
    expect(listed.output).toContain("lee@example.com  Lee Park  Editor  active");

    expect((await runCli(["reset-mfa", "--email", "nobody@example.com"], env)).code).not.toBe(0);
    expect((await runCli(["remove", "lee@example.com"], env)).code).toBe(0);
    expect(await verifyToken(db, session)).toBeUndefined();
    expect((await listPeople(db)).map((person) => person.role)).toEqual(["owner"]);
  });
});
