import { describe, expect, test } from "vitest";
import { databasesPerTest } from "../../tests/helpers/databases-per-test";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { exportPosts, importPosts } from "./post-transfer.server";
import { findSlugRedirect } from "./post-workflow.server";
import { autosavePost, getRevision, listRevisions } from "./post-revisions.server";
import { createPost, listAllPosts, updatePost } from "./posts.server";

describe.each(testDatabaseKinds)("export and import of posts on %s", (kind) => {
  const open = databasesPerTest(kind);

  test("an export imported elsewhere recreates the posts with their dates; importing again updates", async () => {
    const source = await open();
    await createPost(source, { title: "First", slug: "first", published: true, content: "<p>One</p>" });
    await createPost(source, { title: "Second", slug: "second", featured: true });
    const exported = JSON.parse(JSON.stringify(await exportPosts(source)));

    const target = await open();
    const imported = await importPosts(target, exported);
    expect(imported).toMatchObject({ created: ["first", "second"], updated: [], refused: [] });
    const strip = (posts: Awaited<ReturnType<typeof listAllPosts>>) =>
      posts.map(({ slug, title, content, published, featured, created_at }) => ({ slug, title, content, published, featured, created_at }));
    expect(strip(await listAllPosts(target))).toEqual(strip(await listAllPosts(source)));

    expect(await importPosts(target, exported)).toMatchObject({ created: [], updated: ["first", "second"], refused: [] });
    expect(await listAllPosts(target)).toHaveLength(2);
  });

  test("invalid posts are refused with their reasons, hostile HTML is cleaned, a wrong file is named", async () => {
    const target = await open();
    const result = await importPosts(target, {
      posts: [
        { title: "", slug: "no-title" },
        { title: "Hostile", slug: "hostile", content: '<p onclick="alert(1)">Hi</p><script>alert(1)</script>' },
      ],
    });
    expect(result.refused).toEqual([{ slug: "no-title", fields: { title: "Title is required" } }]);
    const [post] = await listAllPosts(target);
    expect(post?.content).toBe("<p>Hi</p>");
    await expect(importPosts(target, { nothing: true })).rejects.toThrow('The file has no "posts" list');
  });

  test("revisions travel with their posts: history kept, unsaved autosave kept, importing twice adds none", async () => {
    const source = await open();
    const post = await createPost(source, { title: "History", slug: "history", content: "<p>First</p>", published: true });
    if (!post.ok) throw new Error("not created");
    await updatePost(source, post.post.id, { content: "<p>Second</p>", meta_title: "Second headline" });
    await autosavePost(source, post.post.id, { ...post.post, content: "<p>Unsaved</p>", meta_title: "Unsaved headline" });
    const exported = JSON.parse(JSON.stringify(await exportPosts(source)));
    expect(exported.revisions).toHaveLength(3);

    const target = await open();
    const first = await importPosts(target, exported);
    expect(first.revisions).toEqual({ imported: 3, skipped: 0 });
    const [copy] = await listAllPosts(target);
    const history = await listRevisions(target, copy!.id);
    // The import's own save is the newest; the source's three follow in their order.
    expect(history?.map(({ kind, published }) => ({ kind, published }))).toEqual([
      { kind: "save", published: true },
      { kind: "autosave", published: false },
      { kind: "save", published: true },
      { kind: "save", published: true },
    ]);
    const sourceHistory = (await listRevisions(source, post.post.id))!;
    expect(history!.slice(1).map(({ created_at, updated_at, title }) => ({ created_at, updated_at, title }))).toEqual(
      sourceHistory.map(({ created_at, updated_at, title }) => ({ created_at, updated_at, title })),
    );
    const autosave = await getRevision(target, copy!.id, history![1]!.id);
    expect(autosave?.post).toMatchObject({ content: "<p>Unsaved</p>", meta_title: "Unsaved headline" });

    const again = await importPosts(target, exported);
    expect(again.revisions).toEqual({ imported: 0, skipped: 3 });
    expect(await listRevisions(target, copy!.id)).toHaveLength(5);
  });

  test("an export file without revisions (written before they travelled) still imports", async () => {
    const target = await open();
    const oldFile = {
      exportedAt: "2026-01-01T00:00:00.000Z",
      posts: [{ title: "Old file", slug: "old-file", content: "<p>Old</p>", published: true, created_at: "2025-06-01T00:00:00.000Z" }],
    };
    expect(await importPosts(target, oldFile)).toEqual({
      created: ["old-file"],
      updated: [],
      refused: [],
      revisions: { imported: 0, skipped: 0 },
      redirects: { imported: 0, skipped: 0 },
    });
    const [post] = await listAllPosts(target);
    expect(post).toMatchObject({ slug: "old-file", created_at: "2025-06-01T00:00:00.000Z" });
    expect(await listRevisions(target, post!.id)).toHaveLength(1);
  });

  test("hostile or invalid revisions are cleaned or skipped, never stored as given", async () => {
    const target = await open();
    const base = { post_slug: "target", kind: "save", published: false, created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" };
    const result = await importPosts(target, {
      posts: [{ title: "Target", slug: "target" }, { title: "", slug: "refused" }],
      revisions: [
        { ...base, post: { title: "Hostile", content: '<p onclick="alert(1)">Hi</p><script>alert(1)</script>', meta_title: "x".repeat(5000) } },
        { ...base, post_slug: "refused", post: { title: "Of a refused post" } },
        { ...base, post_slug: "nowhere", post: { title: "Of no post" } },
        { ...base, kind: "publish", post: { title: "Unknown kind" } },
        { ...base, created_at: "yesterday", post: { title: "Bad date" } },
        { ...base, updated_at: "2999-01-01T00:00:00Z", post: { title: "From the future" } },
        { ...base, id: "'; drop table post_revisions; --", post: { title: "Bad id" } },
        { ...base, post: "not fields" },
        null,
      ],
    });
    expect(result.revisions).toEqual({ imported: 1, skipped: 8 });
    const [post] = await listAllPosts(target);
    const history = (await listRevisions(target, post!.id))!;
    const hostile = history.find((revision) => revision.title === "Hostile")!;
    const stored = await target.selectFrom("post_revisions").select("data").where("id", "=", hostile.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ title: "Hostile", content: "<p>Hi</p>" });
    expect(stored.data).not.toContain("script");
    expect(stored.data).not.toContain("x".repeat(300));
  });

  test("old addresses travel with their posts; a slug a post uses here is never taken over", async () => {
    const source = await open();
    const post = await createPost(source, { title: "Moved", slug: "first-name", published: true });
    if (!post.ok) throw new Error("not created");
    await updatePost(source, post.post.id, { slug: "second-name" });
    await updatePost(source, post.post.id, { slug: "third-name" });
    const exported = JSON.parse(JSON.stringify(await exportPosts(source)));
    expect(exported.redirects).toEqual([
      { old_slug: "first-name", post_slug: "third-name" },
      { old_slug: "second-name", post_slug: "third-name" },
    ]);

    const target = await open();
    await createPost(target, { title: "Already here", slug: "second-name", published: true });
    exported.redirects.push({ old_slug: "x", post_slug: "nowhere" }, { old_slug: "<script>", post_slug: "third-name" });
    const result = await importPosts(target, exported);
    expect(result.redirects).toEqual({ imported: 1, skipped: 3 });
    expect(await findSlugRedirect(target, "first-name")).toBe("third-name");
    expect(await findSlugRedirect(target, "second-name")).toBeUndefined();
  });
});
