import { readFileSync } from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";
import { WORKFLOW_LIMITS } from "../../domain/post-workflow";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { seedPost } from "../../tests/helpers/posts";
import { cleanArticleHtml } from "./article-html.server";
import { deletePost, getPostById, updatePost } from "./posts.server";
import { autosavePost, getRevision, listRevisions, newerAutosave } from "./post-revisions.server";
import { createPreviewLink, getPreviewPost, listPreviewLinks, revokePreviewLink } from "./preview-links.server";

const vectors: string[] = JSON.parse(readFileSync(new URL("../../tests/fixtures/xss-vectors.json", import.meta.url), "utf8"));

describe.each(testDatabaseKinds)("revisions and preview links on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await database?.destroy();
    database = undefined;
  });
  async function db() {
    database ??= await createTestDatabase(kind);
    return database.db;
  }
  async function newPost(fields: Record<string, unknown> = {}) {
    return seedPost(await db(), { title: "First title", slug: "first", content: "<p>One</p>", ...fields });
  }

  test("every save keeps a revision with all fields, when, and whether it was published", async () => {
    const post = await newPost({ excerpt: "Short" });
    await updatePost(await db(), post.id, { title: "Second title", published: true });
    const history = await listRevisions(await db(), post.id);
    expect(history?.map((each) => [each.kind, each.title, each.published])).toEqual([
      ["save", "Second title", true],
      ["save", "First title", false],
    ]);
    const oldest = await getRevision(await db(), post.id, history![1]!.id);
    expect(oldest?.post).toMatchObject({ title: "First title", slug: "first", excerpt: "Short", content: "<p>One</p>", published: false });
    expect(oldest?.created_at).toEqual(expect.any(String));
  });

  test("an autosave is a revision: the post and what is published do not change", async () => {
    const post = await newPost({ published: true });
    const result = await autosavePost(await db(), post.id, { ...post, title: "Unsaved title", content: "<p>Typing</p>" });
    expect(result).toMatchObject({ ok: true, revision: { kind: "autosave", published: false, title: "Unsaved title" } });
    expect(await getPostById(await db(), post.id)).toEqual(post);
    const newer = await newerAutosave(await db(), post);
    expect(newer?.post).toMatchObject({ title: "Unsaved title", content: "<p>Typing</p>" });
  });

  test("autosaves close together update one revision; a later one starts another", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
    const post = await newPost();
    for (const text of ["a", "ab", "abc"]) {
      vi.setSystemTime(new Date(Date.now() + 5_000));
      await autosavePost(await db(), post.id, { ...post, content: `<p>${text}</p>` });
    }
    let history = await listRevisions(await db(), post.id);
    expect(history?.map((each) => each.kind)).toEqual(["autosave", "save"]);
    expect((await getRevision(await db(), post.id, history![0]!.id))?.post.content).toBe("<p>abc</p>");
    vi.setSystemTime(new Date(Date.now() + WORKFLOW_LIMITS.autosaveCoalesceMs + 1_000));
    await autosavePost(await db(), post.id, { ...post, content: "<p>later</p>" });
    history = await listRevisions(await db(), post.id);
    expect(history?.map((each) => each.kind)).toEqual(["autosave", "autosave", "save"]);
  });

  test("autosave bodies are cleaned like the body, invalid fields are named, unknown posts are not found", async () => {
    const post = await newPost();
    const result = await autosavePost(await db(), post.id, {
      ...post,
      content: `<p onclick="alert(1)">Hi<script>alert(1)</script></p><img src="javascript:alert(1)">`,
    });
    if (!result.ok) throw new Error("not saved");
    const revision = await getRevision(await db(), post.id, result.revision.id);
    expect(revision?.post.content).not.toMatch(/script|onclick|javascript/i);
    expect(revision?.post.content).toContain("Hi");
    expect(await autosavePost(await db(), post.id, { ...post, title: " " })).toEqual({
      ok: false,
      code: "invalid",
      fields: { title: "Title is required" },
    });
    expect(await autosavePost(await db(), "no-such-post", post)).toEqual({ ok: false, code: "not_found" });
  });

  test(`keeps the newest ${WORKFLOW_LIMITS.revisionsKept} revisions and every published version`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
    const post = await newPost({ published: true, title: "Published once" });
    for (let index = 0; index < WORKFLOW_LIMITS.revisionsKept + 5; index += 1) {
      vi.setSystemTime(new Date(Date.now() + 1_000));
      await updatePost(await db(), post.id, { title: `Draft ${index}`, published: false });
    }
    const history = await listRevisions(await db(), post.id);
    expect(history).toHaveLength(WORKFLOW_LIMITS.revisionsKept + 1);
    expect(history?.[0]?.title).toBe(`Draft ${WORKFLOW_LIMITS.revisionsKept + 4}`);
    expect(history?.at(-1)).toMatchObject({ title: "Published once", published: true });
  });

  test("a preview link shows the newest version, draft and autosave included, until it is revoked", async () => {
    const post = await newPost({ content: "<p>Saved draft</p>" });
    const created = await createPreviewLink(await db(), post.id, "share");
    if (!created.ok) throw new Error("no link");
    expect(created.link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.link.path).toBe(`/preview/${created.link.token}`);
    const stored = await (await db()).selectFrom("post_preview_links").selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(created.link.token);

    expect(await getPreviewPost(await db(), created.link.token)).toMatchObject({ title: "First title", content: "<p>Saved draft</p>" });
    await autosavePost(await db(), post.id, { ...post, content: "<p>Unsaved edit</p>" });
    expect(await getPreviewPost(await db(), created.link.token)).toMatchObject({ content: "<p>Unsaved edit</p>" });

    expect(await listPreviewLinks(await db(), post.id)).toEqual([expect.objectContaining({ id: created.link.id, purpose: "share" })]);
    expect(await revokePreviewLink(await db(), post.id, created.link.id)).toBe(true);
    expect(await getPreviewPost(await db(), created.link.token)).toBeUndefined();
    expect(await listPreviewLinks(await db(), post.id)).toEqual([]);
    expect(await getPreviewPost(await db(), "x".repeat(43))).toBeUndefined();
  });

  test("a preview carries the post's SEO fields, an autosave's own ones first", async () => {
    const post = await newPost({ meta_title: "Search headline", meta_description: "Saved description" });
    const created = await createPreviewLink(await db(), post.id, "share");
    if (!created.ok) throw new Error("no link");
    expect((await getPreviewPost(await db(), created.link.token))?.seo).toEqual({
      meta_title: "Search headline",
      meta_description: "Saved description",
      social_image_url: null,
    });
    await autosavePost(await db(), post.id, { ...post, meta_description: "Unsaved description" });
    expect((await getPreviewPost(await db(), created.link.token))?.seo).toMatchObject({
      meta_title: "Search headline",
      meta_description: "Unsaved description",
    });
  });

  test("preview links expire, and go with their post with its revisions", async () => {
    const post = await newPost();
    const created = await createPreviewLink(await db(), post.id, "editor", new Date(Date.now() - 2 * 3_600_000));
    if (!created.ok) throw new Error("no link");
    expect(await getPreviewPost(await db(), created.link.token)).toBeUndefined();
    // The editor's own links are not listed among the shared ones.
    expect(await listPreviewLinks(await db(), post.id)).toEqual([]);
    await deletePost(await db(), post.id);
    expect(await (await db()).selectFrom("post_revisions").selectAll().execute()).toEqual([]);
    expect(await (await db()).selectFrom("post_preview_links").selectAll().execute()).toEqual([]);
  });

  test("a preview cleans every shared XSS vector exactly as the article allowlist does", async () => {
    const post = await newPost();
    const created = await createPreviewLink(await db(), post.id, "share");
    if (!created.ok) throw new Error("no link");
    for (const vector of vectors.filter((_, index) => index % 10 === 0)) {
      await autosavePost(await db(), post.id, { ...post, content: vector });
      const preview = await getPreviewPost(await db(), created.link.token);
      expect(preview?.content, vector).toBe(cleanArticleHtml(vector));
    }
  });

  test("a stored revision that no longer passes as a whole keeps each valid field", async () => {
    const post = await newPost({ excerpt: "Kept excerpt" });
    const now = new Date(Date.now() + 1_000).toISOString();
    await (await db())
      .insertInto("post_revisions")
      .values({
        id: "old-rules",
        post_id: post.id,
        kind: "autosave",
        published: 0,
        title: "x",
        data: JSON.stringify({ ...post, title: "t".repeat(500), content: "<p>Kept body</p><script>x()</script>" }),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const revision = await getRevision(await db(), post.id, "old-rules");
    expect(revision?.post).toMatchObject({ title: "", excerpt: "Kept excerpt", content: "<p>Kept body</p>", slug: "first" });
  });
});
