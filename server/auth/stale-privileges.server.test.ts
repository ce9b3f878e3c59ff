import { generate } from "otplib";
import { OWNER_ID } from "../../domain/people";
import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { auditRouter } from "../audit/audit-api.server";
import { adminPagesRouter } from "../pages/pages-api.server";
import { getPreviewPage } from "../pages/page-preview.server";
import { accountRouter } from "./account-api.server";
import { ensureAdminPassword } from "./admin-auth.server";
import { LOGIN_LIMIT } from "./admin-login.server";
import { resetSecondFactor } from "./factors.server";
import { loginRouter } from "./login-api.server";

// Issue "Hardening, fourth round", findings 3, 4 and 8: what a stolen session or browser leaves
// behind after the admin ends it, and what the audit trail still says once its targets are gone.

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a-brand-new-password-456";

describe.each(testDatabaseKinds)("privileges that end on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const started = await server.start({
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one" },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services), accountRouter(services), adminPagesRouter(services), auditRouter(services)],
    });
    const { url, send } = started;
    const login = (password: string, cookie?: string) =>
      fetch(`${url}/admin/login`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ password }) });
    const signIn = async () => {
      const answer = await login(PASSWORD);
      return { token: ((await answer.json()) as { token: string }).token, device: answer.headers.get("set-cookie")!.split(";")[0]! };
    };
    /** Locks the test's address, then tries the right password with the device cookie. */
    const lockedOutWith = async (device: string, password = PASSWORD) => {
      for (let attempt = 0; attempt < LOGIN_LIMIT.limit; attempt += 1) await login("a wrong guess");
      return (await login(password, device)).status;
    };
    return { ...started, send, login, signIn, lockedOutWith };
  }

  test("a device cookie from before a global sign-out is no exemption from an address lock", async () => {
    const { send, signIn, lockedOutWith } = await start();
    const { token, device } = await signIn();
    expect((await send("/admin/logout", { body: { scope: "global" }, token })).status).toBe(204);
    expect(await lockedOutWith(device)).toBe(429);
  }, 60_000);

  test("a device cookie from before a password change is no exemption from an address lock", async () => {
    const { send, signIn, lockedOutWith } = await start();
    const { token, device } = await signIn();
    expect((await send("/admin/password", { body: { current_password: PASSWORD, new_password: NEW_PASSWORD }, token })).status).toBe(204);
    expect(await lockedOutWith(device, NEW_PASSWORD)).toBe(429);
  }, 60_000);

  test("a device cookie from before reset-mfa is no exemption from an address lock", async () => {
    const { db, signIn, lockedOutWith } = await start();
    const { device } = await signIn();
    await resetSecondFactor(db, OWNER_ID);
    expect(await lockedOutWith(device)).toBe(429);
  }, 60_000);

  test("a page's preview links are audited, listed, revoked one by one, and end with a global sign-out", async () => {
    const { db, send, signIn } = await start();
    const { token } = await signIn();
    const created = await send("/admin/pages", { body: { path: "/webinar", title: "Webinar", blocks: [{ id: "intro", type: "rich_text", html: "<p>Soon.</p>" }] }, token });
    const page = (await created.json()) as { id: string };
    const makeLink = async () => {
      const answer = await send(`/admin/pages/${page.id}/preview-links`, { body: { purpose: "share" }, token });
      expect(answer.status).toBe(201);
      return (await answer.json()) as { id: string; token: string };
    };
    const first = await makeLink();
    const second = await makeLink();
    const listed = await send(`/admin/pages/${page.id}/preview-links`, { method: "GET", token });
    expect(listed.status).toBe(200);
    const links = (await listed.json()) as { id: string; path: string; purpose: string; expires_at: string; created_at: string }[];
    expect(links.map((link) => link.id).sort()).toEqual([first.id, second.id].sort());
    expect(links[0]).toEqual({ id: expect.any(String), path: "/webinar", purpose: "share", expires_at: expect.any(String), created_at: expect.any(String) });
    expect(JSON.stringify(links)).not.toContain(first.token);

    expect((await send(`/admin/pages/${page.id}/preview-links/${first.id}`, { method: "DELETE", token })).status).toBe(204);
    expect(await getPreviewPage(db, first.token)).toBeUndefined();
    expect((await send(`/admin/pages/${page.id}/preview-links/${first.id}`, { method: "DELETE", token })).status).toBe(404);
    expect(await getPreviewPage(db, second.token)).toMatchObject({ path: "/webinar" });

    const trail = (await (await send("/admin/audit?kind=pages", { method: "GET", token })).json()) as { items: { action: string; target_label: string }[] };
    expect(trail.items.filter((event) => event.action.startsWith("page_preview_link")).map((event) => [event.action, event.target_label])).toEqual([
      ["page_preview_link.revoked", "/webinar"],
      ["page_preview_link.created", "/webinar"],
      ["page_preview_link.created", "/webinar"],
    ]);

    expect((await send("/admin/logout", { body: { scope: "global" }, token })).status).toBe(204);
    expect(await getPreviewPage(db, second.token)).toBeUndefined();
  });

  test("an audit event keeps the name of a removed authenticator and the browser of an ended session", async () => {
    const { send, signIn, login } = await start();
    const { token } = await signIn();
    const created = await send("/admin/factors", { body: { friendly_name: "Priya's phone", password: PASSWORD }, token });
    const { id, secret } = (await created.json()) as { id: string; secret: string };
    const epoch = Math.floor(Date.now() / 1000);
    expect((await send(`/admin/factors/${id}/verify`, { body: { code: await generate({ secret, epoch: epoch - 30 }) }, token })).status).toBe(200);
    expect((await send(`/admin/factors/${id}`, { method: "DELETE", body: { code: await generate({ secret, epoch }) }, token })).status).toBe(204);
    expect((await send("/admin/logout", { body: { scope: "global" }, token })).status).toBe(204);

    const fresh = (await (await login(PASSWORD)).json()) as { token: string };
    const trail = (await (await send("/admin/audit", { method: "GET", token: fresh.token })).json()) as {
      items: { action: string; target_label: string | null; session: string | null; session_label: string | null }[];
    };
    const byAction = (action: string) => trail.items.find((event) => event.action === action)!;
    expect(byAction("factor.verified").target_label).toBe("Priya's phone");
    expect(byAction("factor.deleted").target_label).toBe("Priya's phone");
    const ended = byAction("logout");
    expect(ended.session).toEqual(expect.any(String));
    expect(ended.session_label).not.toBeNull();
    expect(ended.session_label).not.toBe(ended.session);
  });
});
