import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { exportPosts, importPosts } from "./post-transfer.server";
import { createPost, listAllPosts } from "./posts.server";

describe.each(testDatabaseKinds)("export and import of posts on %s", (kind) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.destroy()));
  });
  async function open() {
    const database = await createTestDatabase(kind);
    opened.push(database);
    return database.db;
  }

  test("an export imported elsewhere recreates the posts with their dates; importing again updates", async () => {
    const source = await open();
    await createPost(source, { title: "First", slug: "first", published: true, content: "<p>One</p>" });
    await createPost(source, { title: "Second", slug: "second", featured: true });
    const exported = JSON.parse(JSON.stringify(await exportPosts(source)));

    const target = await open();
    expect(await importPosts(target, exported)).toEqual({ created: ["first", "second"], updated: [], refused: [] });
    const strip = (posts: Awaited<ReturnType<typeof listAllPosts>>) =>
      posts.map(({ slug, title, content, published, featured, created_at }) => ({ slug, title, content, published, featured, created_at }));
    expect(strip(await listAllPosts(target))).toEqual(strip(await listAllPosts(source)));

    expect(await importPosts(target, exported)).toEqual({ created: [], updated: ["first", "second"], refused: [] });
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
});
