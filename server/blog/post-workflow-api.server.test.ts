import { afterEach, describe, expect, test } from "vitest";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { getPreviewPost } from "./preview-links.server";
import { adminPostsRouter } from "./admin-posts-api.server";
import { postWorkflowRouter } from "./post-workflow-api.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("editorial workflow API on %s", (kind) => {
  let database: TestDatabase | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closeServer?.();
    await database?.destroy();
    database = undefined;
  });

  async function start() {
    database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    const services = testServices(database.db);
    const server = await serveApi(services, [], { beforeJsonBody: [adminPostsRouter(services), postWorkflowRouter(services)] });
    closeServer = server.close;
    const session = await login(database.db, PASSWORD);
    const call = (method: string, path: string, body?: unknown, token: string | null = session!.token) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const created = await call("POST", "/admin/posts", { title: "Draft", slug: "draft", content: "<p>Saved</p>" });
    const post = (await created.json()) as Record<string, unknown> & { id: string };
    return { call, post, db: database.db };
  }

  test("every workflow endpoint is behind the admin guard", async () => {
    const { call, post } = await start();
    const base = `/admin/posts/${post.id}`;
    const cases: [string, string, unknown][] = [
      ["GET", `${base}/revisions`, undefined],
      ["GET", `${base}/revisions/some-id`, undefined],
      ["POST", `${base}/autosave`, post],
      ["GET", `${base}/preview-links`, undefined],
      ["POST", `${base}/preview-links`, { purpose: "share" }],
      ["DELETE", `${base}/preview-links/some-id`, undefined],
      ["DELETE", "/admin/preview-links", undefined],
    ];
    for (const [method, path, body] of cases) {
      for (const token of [null, "not-a-token"]) {
        const response = await call(method, path, body, token);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(((await response.json()) as { error: string }).error).toMatch(/^Authentication required/);
      }
    }
  });

  test("autosave, history and one revision, with XSS in every field refused or cleaned", async () => {
    const { call, post } = await start();
    const base = `/admin/posts/${post.id}`;
    const hostile = `<img src=x onerror=alert(1)><script>alert(1)</script>`;
    const autosave = await call("POST", `${base}/autosave`, {
      ...post,
      title: `Title ${hostile}`,
      excerpt: hostile,
      author_bio: hostile,
      content: `<p>Typed</p>${hostile}<a href="javascript:alert(1)">x</a>`,
      published: true,
    });
    expect(autosave.status).toBe(200);
    expect(autosave.headers.get("cache-control")).toBe("no-store");
    const revision = (await autosave.json()) as { id: string; kind: string; published: boolean };
    expect(revision).toMatchObject({ kind: "autosave", published: false });

    const unsafeUrl = await call("POST", `${base}/autosave`, { ...post, featured_image_url: "javascript:alert(1)" });
    expect(unsafeUrl.status).toBe(400);
    expect(await unsafeUrl.json()).toMatchObject({ fields: { featured_image_url: expect.any(String) } });

    // The post and its published flag are untouched.
    const stored = (await (await call("GET", base)).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({ title: "Draft", content: "<p>Saved</p>", published: false });

    const history = (await (await call("GET", `${base}/revisions`)).json()) as { id: string; kind: string }[];
    expect(history.map((each) => each.kind)).toEqual(["autosave", "save"]);
    const one = (await (await call("GET", `${base}/revisions/${revision.id}`)).json()) as { post: { content: string } };
    expect(one.post.content).toContain("<p>Typed</p>");
    expect(one.post.content).not.toMatch(/script|onerror|javascript/i);
    expect((await call("GET", `${base}/revisions/nope`)).status).toBe(404);
    expect((await call("GET", `/admin/posts/nope/revisions`)).status).toBe(404);
    expect((await call("POST", `/admin/posts/nope/autosave`, post)).status).toBe(404);
  });

  test("preview links are made, listed and revoked; the token is shown once", async () => {
    const { call, post, db } = await start();
    const base = `/admin/posts/${post.id}`;
    const made = await call("POST", `${base}/preview-links`, { purpose: "share" });
    expect(made.status).toBe(201);
    const link = (await made.json()) as { id: string; token: string; path: string; expires_at: string };
    expect(link.path).toBe(`/preview/${link.token}`);
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(await getPreviewPost(db, link.token)).toMatchObject({ slug: "draft", content: "<p>Saved</p>" });

    const listed = (await (await call("GET", `${base}/preview-links`)).json()) as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ id: link.id, purpose: "share" })]);
    expect(JSON.stringify(listed)).not.toContain(link.token);

    expect((await call("POST", `${base}/preview-links`, { purpose: "everyone" })).status).toBe(400);
    expect((await call("DELETE", `${base}/preview-links/${link.id}`)).status).toBe(204);
    expect((await call("DELETE", `${base}/preview-links/${link.id}`)).status).toBe(404);
    expect(await getPreviewPost(db, link.token)).toBeUndefined();
  });

  test("DELETE /admin/preview-links revokes every link of every post and answers how many worked", async () => {
    const { call, post, db } = await start();
    const other = (await (await call("POST", "/admin/posts", { title: "Other", slug: "other" })).json()) as { id: string };
    const tokens: string[] = [];
    for (const id of [post.id, post.id, other.id]) {
      const made = await call("POST", `/admin/posts/${id}/preview-links`, { purpose: "share" });
      tokens.push(((await made.json()) as { token: string }).token);
    }
    for (const token of tokens) expect(await getPreviewPost(db, token)).toBeDefined();

    const revoked = await call("DELETE", "/admin/preview-links");
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get("cache-control")).toBe("no-store");
    expect(await revoked.json()).toEqual({ revoked: 3 });
    for (const token of tokens) expect(await getPreviewPost(db, token)).toBeUndefined();
    expect(await (await call("GET", `/admin/posts/${post.id}/preview-links`)).json()).toEqual([]);

    // Nothing left to revoke; new links work again.
    expect(await (await call("DELETE", "/admin/preview-links")).json()).toEqual({ revoked: 0 });
    const fresh = (await (await call("POST", `/admin/posts/${post.id}/preview-links`, { purpose: "share" })).json()) as { token: string };
    expect(await getPreviewPost(db, fresh.token)).toBeDefined();
  });
});
