import { afterAll, afterEach, describe, expect, test } from "vitest";
import { authMessages } from "../domain/auth";
import { forbiddenMessage, may, ROLE_LABELS, ROLES, type AdminAction, type InvitableRole } from "../domain/roles";
import { OWNER_ID } from "../domain/people";
import { contactMessages } from "../domain/contact";
import { testServices } from "../tests/helpers/http-server";
import { FORM, formBody, JSON_TYPE, reportMultipart, send, validContact } from "../tests/helpers/site-client";
import { closeServerBuild, serveSite, type SiteServer } from "../tests/helpers/site-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../tests/helpers/test-database";
import { ensureAdminPassword, openSession } from "./auth/admin-auth.server";
import { acceptInvitation, invitePerson } from "./people/people.server";
import { CONTACT_LIMIT } from "./contact/contact-messages.server";
import { loadConfig } from "./config.server";
import { CROSS_SITE_REFUSED } from "./http/cross-site.server";
import type { WebVitalsDoor } from "./analytics/web-vitals-api.server";
import { apiDoors, siteDoors } from "./routes.server";

const PASSWORD = "correct horse battery staple";

afterAll(closeServerBuild);

describe.each(testDatabaseKinds)("every door of the site on %s", (kind) => {
  let database: TestDatabase | undefined;
  let site: SiteServer | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
    await database?.destroy();
    database = undefined;
  });

  async function start(env: NodeJS.ProcessEnv = {}) {
    database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    site = await serveSite(testServices(database.db, { SITE_URL: "https://dialogic.example", ...env }));
    return { url: site.url, db: database.db };
  }

  async function contactRows() {
    const row = await database!.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The contact doors: the JSON API, the no-JS form post, its `.data` path, an encoded path. */
  const doors = [
    { name: "POST /api/contact", path: "/api/contact", type: JSON_TYPE, body: JSON.stringify(validContact) },
    { name: "POST /contact", path: "/contact", type: FORM, body: formBody(validContact) },
    { name: "POST /contact.data", path: "/contact.data", type: FORM, body: formBody(validContact) },
    { name: "POST /%63ontact", path: "/%63ontact", type: FORM, body: formBody(validContact) },
  ];

  test("hole 2: one contact flood through every door shares one limit and every door answers 429", async () => {
    const { url } = await start();
    for (let index = 0; index < CONTACT_LIMIT.limit; index += 1) {
      const door = doors[index % doors.length]!;
      const answer = await send(url, "POST", door.path, { body: door.body, type: door.type });
      expect([201, 202, 303], door.name).toContain(answer.status);
    }
    expect(await contactRows()).toBe(CONTACT_LIMIT.limit);
    for (const door of doors) {
      const answer = await send(url, "POST", door.path, { body: door.body, type: door.type });
      expect(answer.status, door.name).toBe(429);
      // The JSON answer, the page and the page's data all carry the specified message.
      expect(answer.text, door.name).toContain(contactMessages.rateLimited);
    }
    const api = await send(url, "POST", "/api/contact", { body: JSON.stringify(validContact), type: JSON_TYPE });
    expect(JSON.parse(api.text)).toEqual({ error: contactMessages.rateLimited });
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(api.headers.get("ratelimit-policy")).toBe(`"5-in-600s"; q=5; w=600`);
    expect(await contactRows()).toBe(CONTACT_LIMIT.limit);
  });

  test("hole 2: eight posts to /contact.data alone are limited after five", async () => {
    const { url } = await start();
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      statuses.push((await send(url, "POST", "/contact.data", { body: formBody(validContact), type: FORM })).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - CONTACT_LIMIT.limit);
    expect(await contactRows()).toBe(CONTACT_LIMIT.limit);
  });

  test("hole 1: with TRUST_PROXY=1 a forged X-Forwarded-For does not change the client's key", async () => {
    const { url } = await start({ TRUST_PROXY: "1" });
    // The proxy (this test, on loopback) appends the real address; the client wrote the rest.
    const guess = (attempt: number, real = "203.0.113.7") =>
      send(url, "POST", "/api/admin/login", {
        body: JSON.stringify({ password: `wrong-${attempt}` }),
        type: JSON_TYPE,
        headers: { "x-forwarded-for": `198.51.100.${attempt}, 10.${attempt}.0.1, ${real}` },
      });
    for (let attempt = 1; attempt <= 9; attempt += 1) expect((await guess(attempt)).status).toBe(401);
    const limited = await guess(10);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toEqual({ error: authMessages.tooManyAttempts });
    // Another real client behind the same proxy keeps its own allowance.
    expect((await guess(11, "203.0.113.8")).status).toBe(401);
  });

  test("hole 3: state-changing requests from another site are refused with 403 at every door", async () => {
    const { url, db } = await start();
    const hostile: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
      { origin: "https://dialogic.example.evil.example", "sec-fetch-site": "cross-site" },
    ];
    const requests: { method: string; path: string; body?: string | FormData; type?: string }[] = [
      ...doors.map((door) => ({ method: "POST", path: door.path, body: door.body, type: door.type })),
      { method: "POST", path: "/api/security/reports", body: reportMultipart() },
      { method: "POST", path: "/api/admin/login", body: JSON.stringify({ password: PASSWORD }), type: JSON_TYPE },
      { method: "POST", path: "/api/admin/posts", body: "{}", type: JSON_TYPE },
      { method: "PATCH", path: "/api/admin/posts/x", body: "{}", type: JSON_TYPE },
      { method: "DELETE", path: "/api/admin/posts/x" },
      { method: "DELETE", path: "/api/admin/preview-links" },
      { method: "POST", path: "/api/admin/logout" },
    ];
    for (const request of requests) {
      for (const headers of hostile) {
        const answer = await send(url, request.method, request.path, { ...request, headers });
        expect(answer.status, `${request.method} ${request.path} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.parse(answer.text)).toEqual({ error: CROSS_SITE_REFUSED });
      }
    }
    const stored = await db.selectFrom("security_reports").select("id").execute();
    expect(stored).toHaveLength(0);
    expect(await contactRows()).toBe(0);
    // The site's own pages (with or without JavaScript) and scripts without an Origin still pass.
    const sameOrigin = { origin: "https://dialogic.example", "sec-fetch-site": "same-origin" };
    // Opened as 127.0.0.1 (the address this test serves on), the page's own origin passes too.
    const ownPage: Record<string, string>[] = [{ origin: url, "sec-fetch-site": "same-origin" }, { "sec-fetch-site": "same-origin" }, {}];
    for (const headers of ownPage) {
      const form = await send(url, "POST", "/contact", { body: formBody(validContact), type: FORM, headers });
      expect(form.status, JSON.stringify(headers)).toBe(303);
    }
    const report = await send(url, "POST", "/api/security/reports", { body: reportMultipart(), headers: sameOrigin });
    expect(report.status).toBe(201);
    const curl = await send(url, "POST", "/api/contact", { body: JSON.stringify(validContact), type: JSON_TYPE });
    expect(curl.status).toBe(201);
    expect(await contactRows()).toBe(4);
    const login = await send(url, "POST", "/api/admin/login", {
      body: JSON.stringify({ password: PASSWORD }),
      type: JSON_TYPE,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(login.status).toBe(200);
  });

  test("hole 5: malformed percent-encoding answers 400 or 404, never 500, on every kind of path", async () => {
    const { url } = await start();
    const paths = [
      "/api/posts/%E0%A4%A",
      "/api/admin/posts/%E0%A4%A",
      "/api/admin/security/reports/%E0%A4%A",
      "/api/%E0%A4%A",
      "/blog/%E0%A4%A",
      "/%E0%A4%A",
      "/%C0%AF",
      "/blog/%",
      "/admin/reports/%ZZ",
      "/contact%E0%A4%A.data",
    ];
    for (const path of paths) {
      for (const method of ["GET", "POST"]) {
        const answer = await send(url, method, path, { body: method === "POST" ? "a=1" : undefined, type: FORM });
        // A page without a form answers a POST with 405.
        expect(method === "GET" ? [400, 404] : [400, 404, 405], `${method} ${path}`).toContain(answer.status);
      }
    }
    expect((await send(url, "GET", "/healthz")).status).toBe(200);
  });
}, 120_000); // Many requests each, and the first page compiles the routes.

test("hole 1: TRUST_PROXY takes a hop count or proxy addresses and refuses true in one line", () => {
  expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
  expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8" }).trustProxy).toEqual([
    "loopback",
    "10.0.0.0/8",
    "fd00::/8",
  ]);
  expect(loadConfig({}).trustProxy).toBeUndefined();
  expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrowError(
    /^Invalid configuration: TRUST_PROXY must not be "true", which lets any client choose its own address: set the number of proxies in front of the server \(for example 1\) or their addresses/,
  );
  for (const bad of ["true", "TRUE", "yes", "10.0.0.0/33", "proxy.example"]) {
    expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrowError(/^Invalid configuration: TRUST_PROXY [^\n]+$/);
  }
});

describe("the table of doors", () => {
  test("every route a router declares starts with one of the paths its line names", async () => {
    const database = await createTestDatabase("sqlite");
    try {
      const services = testServices(database.db);
      const vitals = { routes: {}, collector: { add: () => undefined, close: async () => undefined } } as unknown as WebVitalsDoor;
      const doors = [...siteDoors(services, (_req, _res, next) => next()), ...apiDoors(services, vitals)];
      const unnamed: string[] = [];
      for (const door of doors) {
        for (const path of declaredRoutes(door.router)) {
          if (!door.paths.some((prefix) => prefix === "*" || path.startsWith(prefix))) unnamed.push(path);
        }
      }
      expect(unnamed).toEqual([]);
      // Each feature router is on the table: 5 outside /api, 25 under it, besides the middleware.
      expect(doors.filter((door) => declaredRoutes(door.router).length > 0)).toHaveLength(30);
    } finally {
      await database.destroy();
    }
  });
});

test("declarative doors: every admin door answers 401 without a session, and every API answer is no-store", async () => {
  const database = await createTestDatabase("sqlite");
  const services = testServices(database.db, { SITE_URL: "https://dialogic.example" });
  const site = await serveSite(services);
  try {
    const admin = adminDoors(services);
    expect(admin.length).toBeGreaterThan(50);
    const answers = await Promise.all(
      admin.map(async ({ method, path }) => {
        const address = `/api${path.replace(/:\w+/g, "x")}`;
        const answer = await send(site.url, method.toUpperCase(), address, method === "get" ? {} : { body: "{}", type: JSON_TYPE });
        return `${method} ${path}: ${answer.status} ${answer.headers.get("cache-control")}`;
      }),
    );
    expect(answers.filter((line) => !line.endsWith(": 401 no-store"))).toEqual([]);
    // Each admin door names the action the policy decides (domain/roles.ts), owners and administrators allowed.
    const unruled = admin.filter(({ action }) => !action || !may("owner", action) || !may("administrator", action));
    expect(unruled).toEqual([]);
  } finally {
    await site.close();
    await database.destroy();
  }
}, 120_000);

/** The sign-in doors are open: everything else under /api/admin is guarded. */
const isOpenDoor = (path: string) => path === "/admin/verify" || path.startsWith("/admin/login") || path.startsWith("/admin/invitations/");

/** Every guarded admin door of the API table, with the action its guard names. */
function adminDoors(services: Parameters<typeof apiDoors>[0]) {
  return apiDoors(services)
    .flatMap((door) => declaredDoors(door.router))
    .filter(({ path }) => path.startsWith("/admin/") && !isOpenDoor(path));
}

test("the one policy at every door: each role is refused (403, naming what it may not do) exactly where the policy says", async () => {
  const database = await createTestDatabase("sqlite");
  const services = testServices(database.db, { SITE_URL: "https://dialogic.example" });
  const site = await serveSite(services);
  try {
    const doors = adminDoors(services);
    const mismatches: string[] = [];
    for (const role of ROLES) {
      const personId = role === "owner" ? OWNER_ID : await joinedPerson(database.db, role);
      for (const { method, path, action } of doors) {
        // A session of its own for each call: a sign-out door must not end the next call's.
        const { token } = await openSession(database.db, { personId });
        const answer = await send(site.url, method.toUpperCase(), `/api${path.replace(/:\w+/g, "x")}`, {
          ...(method === "get" ? {} : { body: "{}", type: JSON_TYPE }),
          headers: { authorization: `Bearer ${token}` },
        });
        const refused = answer.status === 403 && answer.text === JSON.stringify({ error: forbiddenMessage(role, action!) });
        if (refused === may(role, action!)) mismatches.push(`${role} ${method} ${path} (${action}): ${answer.status}`);
      }
    }
    expect(mismatches).toEqual([]);
  } finally {
    await site.close();
    await database.destroy();
  }
}, 240_000);

/** A person of the role who took their invitation. */
async function joinedPerson(db: TestDatabase["db"], role: InvitableRole): Promise<string> {
  const invited = await invitePerson(db, { email: `${role}@example.com`, name: ROLE_LABELS[role], role }, OWNER_ID);
  if (!invited.ok) throw new Error(invited.error);
  await acceptInvitation(db, invited.token, { name: ROLE_LABELS[role], password: "a long enough password" });
  return invited.person.id;
}

type DeclaredRoute = { path: unknown; methods?: Record<string, boolean>; stack?: { handle: { action?: AdminAction } }[] };

/**
 * The routes a router declares, each method apart, with the action its guard lets through (Express
 * 5 keeps them on its stack's layers; an admin door's first handler is its guard).
 */
function declaredDoors(handler: unknown): { method: string; path: string; action?: AdminAction }[] {
  const stack = (handler as { stack?: { route?: DeclaredRoute }[] }).stack ?? [];
  return stack.flatMap(({ route }) => {
    const path = route?.path;
    const action = route?.stack?.[0]?.handle.action;
    return typeof path === "string" ? Object.keys(route?.methods ?? {}).map((method) => ({ method, path, action })) : [];
  });
}

/** The paths of the routes a router declares. */
function declaredRoutes(handler: unknown): string[] {
  return [...new Set(declaredDoors(handler).map((door) => door.path))];
}
