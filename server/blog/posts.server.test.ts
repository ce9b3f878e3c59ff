import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { createPost, deletePost, getPostById, listAllPosts, updatePost } from "./posts.server";

describe.each(testDatabaseKinds)("posts service on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });
  async function db() {
    database ??= await createTestDatabase(kind);
    return database.db;
  }

  test("a new post gets the specified defaults", async () => {
    const result = await createPost(await db(), { title: "Hello", slug: "hello" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.post).toMatchObject({
      title: "Hello",
      slug: "hello",
      author_name: "Admin",
      author_bio: "Content Creator",
      category: "General",
      read_time: "5 min read",
      published: false,
      featured: false,
      excerpt: null,
      featured_image_url: null,
      content: "",
    });
    expect(await getPostById(await db(), result.post.id)).toEqual(result.post);
  });

  test("values may arrive as objects carrying a value field", async () => {
    const result = await createPost(await db(), {
      title: { value: "Wrapped" },
      slug: { value: "wrapped" },
      published: { value: true },
      excerpt: { value: "Short" },
    });
    expect(result.ok && result.post).toMatchObject({ title: "Wrapped", published: true, excerpt: "Short" });
  });

  test("missing required fields are named, and a taken slug is refused", async () => {
    const invalid = await createPost(await db(), { title: " ", slug: "", category: "", author_name: "", read_time: "" });
    expect(invalid).toEqual({
      ok: false,
      code: "invalid",
      fields: {
        title: "Title is required",
        slug: "Slug is required",
        category: "Category is required",
        author_name: "Author name is required",
        read_time: "Read time is required",
      },
    });
    await createPost(await db(), { title: "One", slug: "same" });
    const taken = await createPost(await db(), { title: "Two", slug: "same" });
    expect(taken).toMatchObject({ ok: false, code: "slug_taken", fields: { slug: expect.any(String) } });
  });

  test("unsafe URLs in the URL fields are refused", async () => {
    const result = await createPost(await db(), {
      title: "X",
      slug: "x",
      author_linkedin_url: "javascript:alert(1)",
    });
    expect(result).toMatchObject({ ok: false, code: "invalid", fields: { author_linkedin_url: expect.any(String) } });
  });

  test("a partial update changes only the fields sent", async () => {
    const created = await createPost(await db(), { title: "Draft", slug: "draft", excerpt: "Kept" });
    if (!created.ok) throw new Error("not created");
    const updated = await updatePost(await db(), created.post.id, { published: true });
    expect(updated.ok && updated.post).toMatchObject({ published: true, excerpt: "Kept", title: "Draft" });
    const again = await updatePost(await db(), created.post.id, { featured: { value: true }, title: "Renamed" });
    expect(again.ok && again.post).toMatchObject({ published: true, featured: true, title: "Renamed" });
    expect(await getPostById(await db(), created.post.id)).toMatchObject({ featured: true, title: "Renamed", excerpt: "Kept" });
  });

  test("updating or deleting a missing post says so", async () => {
    expect(await updatePost(await db(), "missing", { title: "x" })).toEqual({ ok: false, code: "not_found" });
    expect(await deletePost(await db(), "missing")).toBe(false);
  });

  test("the admin list has every post, newest first, and delete removes one", async () => {
    const first = await createPost(await db(), { title: "First", slug: "first" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createPost(await db(), { title: "Second", slug: "second", published: true });
    expect((await listAllPosts(await db())).map((post) => post.slug)).toEqual(["second", "first"]);
    if (!first.ok) throw new Error("not created");
    expect(await deletePost(await db(), first.post.id)).toBe(true);
    expect((await listAllPosts(await db())).map((post) => post.slug)).toEqual(["second"]);
  });

  test("the body is cleaned when written", async () => {
    const result = await createPost(await db(), {
      title: "XSS",
      slug: "xss",
      content: '<p onclick="alert(1)">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    });
    expect(result.ok && result.post.content).toBe("<p>Hi</p><a>x</a>");
  });
});
