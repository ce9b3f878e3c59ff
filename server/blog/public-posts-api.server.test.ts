import { describe, expect, test } from "vitest";
import { BLOG_PAGE_SIZE } from "../../domain/blog";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { createPost } from "./posts.server";
import { publicPostsRouter } from "./public-posts-api.server";

describe.each(testDatabaseKinds)("public posts API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, url } = await server.start({ routers: (services) => [publicPostsRouter(services)] });
    return { db, get: (path: string) => fetch(`${url}${path}`) };
  }

  test("GET /api/posts lists published posts, newest first, without bodies or private fields", async () => {
    const { db, get } = await start();
    await createPost(db, { title: "Draft", slug: "draft", content: "<p>secret</p>" });
    await createPost(db, { title: "Live", slug: "live", published: true, content: "<p>body</p>" });
    const response = await get("/posts");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const body = (await response.json()) as { posts: Record<string, unknown>[] };
    expect(body).toMatchObject({ page: 1, pageSize: BLOG_PAGE_SIZE, totalPosts: 1, totalPages: 1 });
    expect(body.posts.map((post) => post.slug)).toEqual(["live"]);
    expect(body.posts[0]).not.toHaveProperty("id");
    expect(body.posts[0]).not.toHaveProperty("published");
    expect(body.posts[0]).not.toHaveProperty("content");
  });

  test("GET /api/posts?page=N pages through; a bad page number is a 400 naming the field", async () => {
    const { db, get } = await start();
    for (let index = 0; index < BLOG_PAGE_SIZE + 1; index += 1) {
      await createPost(db, { title: `Post ${index}`, slug: `post-${index}`, published: true });
    }
    const second = (await (await get("/posts?page=2")).json()) as { posts: unknown[]; totalPages: number };
    expect(second.posts).toHaveLength(1);
    expect(second.totalPages).toBe(2);
    expect(((await (await get("/posts?page=3")).json()) as { posts: unknown[] }).posts).toEqual([]);
    for (const bad of ["0", "-1", "abc", "1.5", "2&page=3"]) {
      const response = await get(`/posts?page=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toEqual({
        error: "Page must be a whole number from 1",
        fields: { page: "Page must be a whole number from 1" },
      });
    }
  });

  test("GET /api/posts/:slug answers one published post with its cleaned body, else 404", async () => {
    const { db, get } = await start();
    await createPost(db, { title: "Live", slug: "live", published: true, content: "<p>Hello <b>world</b></p>" });
    await createPost(db, { title: "Draft", slug: "draft" });
    const response = await get("/posts/live");
    expect(response.status).toBe(200);
    const post = (await response.json()) as Record<string, unknown>;
    expect(post).toMatchObject({ slug: "live", title: "Live", content: "<p>Hello <strong>world</strong></p>" });
    expect(post).not.toHaveProperty("id");
    for (const slug of ["draft", "missing"]) {
      const missing = await get(`/posts/${slug}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "Post Not Found" });
    }
  });
});
