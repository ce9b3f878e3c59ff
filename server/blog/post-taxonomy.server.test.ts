import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { createPost, updatePost } from "./posts.server";
import { getAuthorPage, getCategoryPage, publishedTaxonomyNames, relatedPosts } from "./post-taxonomy.server";

describe.each(testDatabaseKinds)("category, author and related posts on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });
  async function db() {
    database ??= await createTestDatabase(kind);
    return database.db;
  }
  async function post(fields: Record<string, unknown>, createdAt: string) {
    const result = await createPost(await db(), { published: true, ...fields });
    if (!result.ok) throw new Error(JSON.stringify(result));
    await (await db()).updateTable("blog_posts").set({ created_at: createdAt }).where("id", "=", result.post.id).execute();
    return result.post;
  }

  test("a category's page lists its published posts newest first, by the slug of its name", async () => {
    await post({ title: "One", slug: "one", category: "AI & Education" }, "2026-01-01T00:00:00.000Z");
    await post({ title: "Two", slug: "two", category: "AI & Education" }, "2026-01-02T00:00:00.000Z");
    await post({ title: "Draft", slug: "draft", category: "AI & Education", published: false }, "2026-01-03T00:00:00.000Z");
    await post({ title: "Other", slug: "other", category: "Training" }, "2026-01-04T00:00:00.000Z");
    const page = await getCategoryPage(await db(), "ai-education", 1);
    expect(page).toMatchObject({ name: "AI & Education", page: 1, pageCount: 1, total: 2 });
    expect(page?.posts.map((entry) => entry.slug)).toEqual(["two", "one"]);
    expect(await getCategoryPage(await db(), "ai-education", 2)).toBeUndefined();
    expect(await getCategoryPage(await db(), "nothing", 1)).toBeUndefined();
    expect((await publishedTaxonomyNames(await db())).categories.sort()).toEqual(["AI & Education", "Training"]);
  });

  test("an author's page shows the avatar and bio of the newest post", async () => {
    await post({ title: "Old", slug: "old", author_name: "Dr. Jane Smith", author_bio: "Old bio" }, "2026-01-01T00:00:00.000Z");
    await post({ title: "New", slug: "new", author_name: "Dr. Jane Smith", author_bio: "New bio", author_avatar_url: "https://example.com/a.png" }, "2026-01-02T00:00:00.000Z");
    const page = await getAuthorPage(await db(), "dr-jane-smith", 1);
    expect(page).toMatchObject({ name: "Dr. Jane Smith", total: 2, profile: { bio: "New bio", avatar_url: "https://example.com/a.png" } });
  });

  test("related posts: same category first, then shared words, newest first; none without others", async () => {
    const base = await post({ title: "Compliance training that works", slug: "base", category: "Training", excerpt: "Retention matters" }, "2026-01-01T00:00:00.000Z");
    expect(await relatedPosts(await db(), base)).toEqual([]);
    await post({ title: "Unrelated news", slug: "news", category: "General" }, "2026-01-09T00:00:00.000Z");
    await post({ title: "Compliance retention study", slug: "words", category: "Research" }, "2026-01-02T00:00:00.000Z");
    await post({ title: "Something else", slug: "same-category", category: "Training" }, "2026-01-03T00:00:00.000Z");
    const sameAndWords = await post({ title: "Compliance in training", slug: "same-and-words", category: "Training" }, "2026-01-02T00:00:00.000Z");
    let related = await relatedPosts(await db(), base);
    expect(related.map((entry) => entry.slug)).toEqual(["same-and-words", "same-category", "words"]);
    await updatePost(await db(), sameAndWords.id, { published: false });
    related = await relatedPosts(await db(), base);
    expect(related.map((entry) => entry.slug)).toEqual(["same-category", "words", "news"]);
  });
});
