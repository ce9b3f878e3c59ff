import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { loginRouter } from "../auth/login-api.server";
import { adminPostsRouter } from "./admin-posts-api.server";

const PASSWORD = "correct horse battery staple";

/** Classic script-bearing inputs; a few of them in every field of one post. */
const HOSTILE = [
  `<script>alert("x")</script>`,
  `<img src=x onerror=alert(1)>`,
  `<a href="javascript:alert(1)">click</a>`,
  `<svg><script>alert(1)</script></svg>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `"><img src=x onerror=alert(1)>`,
  `<p style="background:url(javascript:alert(1))" data-x="1" onclick="alert(1)">hi</p>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
].join("");

type Post = Record<string, unknown> & { id: string; slug: string; title: string; content: string };

describe.each(testDatabaseKinds)("admin posts API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, url } = await server.start({
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services)],
      ownBodies: (services) => [adminPostsRouter(services)],
    });
    const session = await login(db, PASSWORD);
    const call = (method: string, path: string, body?: unknown, token: string | null = session!.token) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    return { call, token: session!.token, url };
  }

  test("every admin posts endpoint answers 401 with its own message without a valid token", async () => {
    const { call } = await start();
    const cases: [string, string, unknown, string][] = [
      ["GET", "/admin/posts", undefined, "Authentication required"],
      ["GET", "/admin/posts/some-id", undefined, "Authentication required"],
      ["POST", "/admin/posts", { title: "T", slug: "t" }, "Authentication required to create posts"],
      ["PATCH", "/admin/posts/some-id", { published: true }, "Authentication required to update posts"],
      ["DELETE", "/admin/posts/some-id", undefined, "Authentication required to delete posts"],
    ];
    for (const [method, path, body, message] of cases) {
      for (const token of [null, "not-a-real-token"]) {
        const response = await call(method, path, body, token);
        expect(response.status, `${method} ${path} with ${token}`).toBe(401);
        expect(await response.json()).toEqual({ error: message });
      }
    }
  });

  test("a logged-out token is refused", async () => {
    const { call, token } = await start();
    expect((await call("POST", "/admin/logout")).status).toBe(204);
    const response = await call("GET", "/admin/posts", undefined, token);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required" });
  });

  test("create, read, list, update partially and fully, delete", async () => {
    const { call } = await start();
    const created = await call("POST", "/admin/posts", {
      title: "First post",
      slug: "first-post",
      content: "<p>Hello <strong>world</strong></p>",
      excerpt: "Short",
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as Post;
    expect(post).toMatchObject({
      title: "First post",
      slug: "first-post",
      content: "<p>Hello <strong>world</strong></p>",
      category: "General",
      author_name: "Admin",
      author_bio: "Content Creator",
      read_time: "5 min read",
      published: false,
      featured: false,
    });

    const read = await call("GET", `/admin/posts/${post.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("no-store");
    expect(await read.json()).toEqual(post);

    await call("POST", "/admin/posts", { title: "Second", slug: "second" });
    const list = (await (await call("GET", "/admin/posts")).json()) as Post[];
    expect(list.map((item) => item.slug).sort()).toEqual(["first-post", "second"]);
    // The table needs no bodies: they may carry megabytes of pasted images.
    expect(list.every((item) => !("content" in item))).toBe(true);
    expect(list.find((item) => item.slug === "first-post")).toEqual(
      Object.fromEntries(Object.entries(post).filter(([key]) => key !== "content")),
    );

    const published = await call("PATCH", `/admin/posts/${post.id}`, { published: true });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ published: true, featured: false, title: "First post" });
    const featured = (await (await call("PATCH", `/admin/posts/${post.id}`, { featured: true })).json()) as Post;
    expect(featured).toMatchObject({ published: true, featured: true });

    // A full save from the editor: the submitted state overrides the stored one.
    const full = await call("PATCH", `/admin/posts/${post.id}`, {
      title: "First post, edited",
      slug: "first-post",
      category: "Research",
      author_name: "Ada",
      read_time: "7 min read",
      excerpt: "",
      content: "<p>Edited</p>",
      author_bio: "Writer",
      featured_image_url: "https://images.example.com/a.png",
      author_avatar_url: "",
      author_linkedin_url: "https://www.linkedin.com/in/ada",
      published: false,
      featured: true,
    });
    expect(full.status).toBe(200);
    expect(await full.json()).toMatchObject({
      title: "First post, edited",
      category: "Research",
      excerpt: null,
      published: false,
      featured: true,
      featured_image_url: "https://images.example.com/a.png",
    });

    expect((await call("DELETE", `/admin/posts/${post.id}`)).status).toBe(204);
    const gone = await call("GET", `/admin/posts/${post.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: "Post not found" });
  });

  test("missing ids answer 404 on read, update and delete", async () => {
    const { call } = await start();
    for (const [method, body] of [["GET"], ["PATCH", { published: true }], ["DELETE"]] as const) {
      const response = await call(method, "/admin/posts/00000000-0000-0000-0000-000000000000", body);
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual({ error: "Post not found" });
    }
  });

  test("invalid input gets 400 naming each field; a taken slug gets 409 on slug", async () => {
    const { call } = await start();
    const invalid = await call("POST", "/admin/posts", {
      title: "",
      slug: "Not A Slug!",
      category: " ",
      author_name: "",
      read_time: "",
      author_linkedin_url: "javascript:alert(1)",
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: "Title is required",
      fields: {
        title: "Title is required",
        slug: "Slug may contain only lower-case letters, digits and single hyphens",
        category: "Category is required",
        author_name: "Author name is required",
        read_time: "Read time is required",
        author_linkedin_url: "Enter a full web address starting with http:// or https://",
      },
    });

    const first = (await (await call("POST", "/admin/posts", { title: "A", slug: "taken" })).json()) as Post;
    const duplicate = await call("POST", "/admin/posts", { title: "B", slug: "taken" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      error: "Another post already uses this slug",
      fields: { slug: "Another post already uses this slug" },
    });
    const second = (await (await call("POST", "/admin/posts", { title: "C", slug: "other" })).json()) as Post;
    const renamed = await call("PATCH", `/admin/posts/${second.id}`, { slug: first.slug });
    expect(renamed.status).toBe(409);

    const badPatch = await call("PATCH", `/admin/posts/${second.id}`, { title: "", published: "maybe" });
    expect(badPatch.status).toBe(400);
    expect(((await badPatch.json()) as { fields: Record<string, string> }).fields).toHaveProperty("title");
  });

  test("bodies that are not JSON objects get clear 4xx answers", async () => {
    const { call, token, url } = await start();
    const broken = await fetch(`${url}/admin/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{ not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "Request body is not valid JSON" });
    for (const body of ["text", null]) {
      const response = await call("POST", "/admin/posts", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Request body is not valid JSON" });
    }
    const list = await call("POST", "/admin/posts", [1, 2]);
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ fields: { title: "Title is required" } });
  });

  test("a large body (a pasted image) is accepted, a body beyond the limit gets 413", async () => {
    const { call } = await start();
    const image = `data:image/png;base64,${"A".repeat(1_200_000)}`;
    const big = await call("POST", "/admin/posts", { title: "Big", slug: "big", content: `<p>${image}</p>` });
    expect(big.status).toBe(201);
    const tooLong = await call("POST", "/admin/posts", { title: "Long", slug: "long", content: "a".repeat(1_500_001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ fields: { content: "Must be at most 1,500,000 characters" } });
    const tooBig = await call("POST", "/admin/posts", { title: "Huge", slug: "huge", content: "a".repeat(5_000_000) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: "Request body is too large" });
  });

  test("hostile HTML in every field is stored cleaned or refused, never executable", async () => {
    const { call } = await start();
    const refused = await call("POST", "/admin/posts", {
      title: "Refused",
      slug: "refused",
      featured_image_url: `javascript:alert(1)//${HOSTILE}`,
      author_avatar_url: `data:text/html,${HOSTILE}`,
      author_linkedin_url: HOSTILE,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(((await refused.json()) as { fields: object }).fields).sort()).toEqual([
      "author_avatar_url",
      "author_linkedin_url",
      "featured_image_url",
    ]);

    const created = await call("POST", "/admin/posts", {
      title: `Title ${HOSTILE}`.slice(0, 200),
      slug: "hostile",
      excerpt: HOSTILE,
      content: HOSTILE,
      category: HOSTILE.slice(0, 60),
      author_name: HOSTILE.slice(0, 100),
      author_bio: HOSTILE,
      read_time: HOSTILE.slice(0, 30),
      featured_image_url: `https://example.com/a.png?q="><script>alert(1)</script>`,
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as Post;
    // The body passes the article allowlist: no script, handler, javascript: URL or data attribute.
    for (const content of [post.content, ((await (await call("GET", `/admin/posts/${post.id}`)).json()) as Post).content]) {
      expect(content).not.toMatch(/<script|<iframe|<svg|<math|<style|\son\w+=|javascript:|data-x/i);
    }
    // Plain-text fields are data, stored as typed; every page renders them as text (escaped).
    expect(post.excerpt).toBe(HOSTILE);
    expect(post.author_bio).toBe(HOSTILE);
  });
});
