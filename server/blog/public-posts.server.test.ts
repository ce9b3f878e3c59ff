import crypto from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { BLOG_PAGE_SIZE, FEATURED_POSTS_LIMIT } from "../../domain/blog";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { seedPost } from "../../tests/helpers/posts";
import type { AppDatabase } from "../db/database.server";
import {
  getBlogIndexPage,
  getPublishedPost,
  latestPublishedPosts,
  listPublishedPosts,
  publishedPostLocations,
} from "./public-posts.server";

/** Minutes after a fixed start, as the ISO timestamp a post was created at. */
function at(minute: number): string {
  return new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
}

async function addPost(
  db: AppDatabase,
  slug: string,
  { minute = 0, published = true, featured = false, content = "<p>Body</p>" } = {},
) {
  const post = await seedPost(db, { title: `Title ${slug}`, slug, published, featured, content, excerpt: `About ${slug}` });
  await db.updateTable("blog_posts").set({ created_at: at(minute) }).where("slug", "=", slug).execute();
  return post;
}

describe.each(testDatabaseKinds)("public posts on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });
  async function db() {
    database ??= await createTestDatabase(kind);
    return database.db;
  }

  test("an empty blog has one empty page and nothing featured", async () => {
    expect(await getBlogIndexPage(await db(), 1)).toEqual({
      page: 1,
      pageCount: 1,
      featured: [],
      hasFeatured: false,
      posts: [],
    });
    expect(await getBlogIndexPage(await db(), 2)).toBeUndefined();
  });

  test("only published posts are listed, newest first, through the public projection", async () => {
    await addPost(await db(), "older", { minute: 1 });
    await addPost(await db(), "draft", { minute: 2, published: false });
    await addPost(await db(), "newer", { minute: 3 });
    const page = await getBlogIndexPage(await db(), 1);
    expect(page?.posts.map((post) => post.slug)).toEqual(["newer", "older"]);
    expect(page?.hasFeatured).toBe(false);
    expect(Object.keys(page!.posts[0]!).sort()).toEqual(
      [
        "author_avatar_srcset",
        "author_avatar_url",
        "author_name",
        "category",
        "created_at",
        "excerpt",
        "featured",
        "featured_image_srcset",
        "featured_image_url",
        "read_time",
        "slug",
        "title",
        "updated_at",
      ].sort(),
    );
    expect(page?.posts[0]).toMatchObject({ title: "Title newer", featured: false, created_at: at(3) });
  });

  test("featured posts lead the first page and are not repeated in the list", async () => {
    await addPost(await db(), "plain-1", { minute: 1 });
    await addPost(await db(), "star-1", { minute: 2, featured: true });
    await addPost(await db(), "plain-2", { minute: 3 });
    await addPost(await db(), "star-draft", { minute: 4, featured: true, published: false });
    await addPost(await db(), "star-2", { minute: 5, featured: true });
    const page = await getBlogIndexPage(await db(), 1);
    expect(page?.featured.map((post) => post.slug)).toEqual(["star-2", "star-1"]);
    expect(page?.posts.map((post) => post.slug)).toEqual(["plain-2", "plain-1"]);
    expect(page?.hasFeatured).toBe(true);
  });

  test(`beyond ${FEATURED_POSTS_LIMIT} featured posts, the older ones are listed with the rest`, async () => {
    for (let index = 0; index < FEATURED_POSTS_LIMIT + 2; index += 1) {
      await addPost(await db(), `star-${index}`, { minute: index, featured: true });
    }
    const page = await getBlogIndexPage(await db(), 1);
    expect(page?.featured).toHaveLength(FEATURED_POSTS_LIMIT);
    expect(page?.featured[0]?.slug).toBe(`star-${FEATURED_POSTS_LIMIT + 1}`);
    expect(page?.posts.map((post) => post.slug)).toEqual(["star-1", "star-0"]);
  });

  test(`pages hold ${BLOG_PAGE_SIZE} posts; the featured section shows on the first page only`, async () => {
    await addPost(await db(), "star", { minute: 1000, featured: true });
    const total = BLOG_PAGE_SIZE * 2 + 3;
    for (let index = 0; index < total; index += 1) {
      await addPost(await db(), `post-${index}`, { minute: index });
    }
    const first = await getBlogIndexPage(await db(), 1);
    const second = await getBlogIndexPage(await db(), 2);
    const third = await getBlogIndexPage(await db(), 3);
    expect(first?.pageCount).toBe(3);
    expect(first?.featured.map((post) => post.slug)).toEqual(["star"]);
    expect(second?.featured).toEqual([]);
    expect(second?.hasFeatured).toBe(true);
    expect(first?.posts).toHaveLength(BLOG_PAGE_SIZE);
    expect(third?.posts.map((post) => post.slug)).toEqual(["post-2", "post-1", "post-0"]);
    const all = [first, second, third].flatMap((page) => page!.posts.map((post) => post.slug));
    expect(new Set(all).size).toBe(total);
    expect(await getBlogIndexPage(await db(), 4)).toBeUndefined();
  });

  test("posts created at the same moment keep one stable order across pages", async () => {
    for (let index = 0; index < BLOG_PAGE_SIZE + 4; index += 1) {
      await addPost(await db(), `same-${index}`, { minute: 7 });
    }
    const first = await listPublishedPosts(await db(), 1);
    const second = await listPublishedPosts(await db(), 2);
    const slugs = [...first.posts, ...second.posts].map((post) => post.slug);
    expect(new Set(slugs).size).toBe(BLOG_PAGE_SIZE + 4);
    expect((await listPublishedPosts(await db(), 1)).posts).toEqual(first.posts);
  });

  test("the API's pages list every published post, featured or not", async () => {
    await addPost(await db(), "star", { minute: 2, featured: true });
    await addPost(await db(), "plain", { minute: 1 });
    await addPost(await db(), "draft", { minute: 3, published: false });
    expect(await listPublishedPosts(await db(), 1)).toMatchObject({
      page: 1,
      pageSize: BLOG_PAGE_SIZE,
      totalPosts: 2,
      totalPages: 1,
      posts: [{ slug: "star", featured: true }, { slug: "plain", featured: false }],
    });
    expect((await listPublishedPosts(await db(), 2)).posts).toEqual([]);
  });

  test("one published post by slug, with its body cleaned again on the way out", async () => {
    const post = await addPost(await db(), "article", { minute: 1 });
    // A body written before the allowlist existed, straight into the table.
    await (await db())
      .updateTable("blog_posts")
      .set({ content: '<p onclick="alert(1)">Hi</p><script>alert(2)</script>', author_linkedin_url: "https://www.linkedin.com/in/x" })
      .where("id", "=", post.id)
      .execute();
    const found = await getPublishedPost(await db(), "article");
    expect(found).toMatchObject({
      slug: "article",
      title: "Title article",
      content: "<p>Hi</p>",
      author_bio: "Content Creator",
      author_linkedin_url: "https://www.linkedin.com/in/x",
    });
    expect(found).not.toHaveProperty("id");
    expect(found).not.toHaveProperty("published");
  });

  test("a draft or a missing slug is not found", async () => {
    await addPost(await db(), "draft", { published: false });
    expect(await getPublishedPost(await db(), "draft")).toBeUndefined();
    expect(await getPublishedPost(await db(), "missing")).toBeUndefined();
  });

  test("the feed and the sitemap see published posts only, newest first", async () => {
    await addPost(await db(), "a", { minute: 1 });
    await addPost(await db(), "b", { minute: 2, published: false });
    await addPost(await db(), "c", { minute: 3, featured: true });
    expect((await latestPublishedPosts(await db(), 10)).map((post) => post.slug)).toEqual(["c", "a"]);
    expect((await latestPublishedPosts(await db(), 1)).map((post) => post.slug)).toEqual(["c"]);
    const locations = await publishedPostLocations(await db());
    expect(locations.map((location) => location.slug)).toEqual(["c", "a"]);
    expect(locations[0]?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe("the public queries on SQLite", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("read pages of ids from the covering indexes, without scanning or sorting the table", async () => {
    database = await createTestDatabase("sqlite");
    const { db } = database;
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    const queries = [
      db.selectFrom("blog_posts").select("id").where("published", "=", 1).where("id", "not in", ids)
        .orderBy("created_at", "desc").orderBy("id", "desc").limit(12).offset(9000),
      db.selectFrom("blog_posts").select("id").where("published", "=", 1).where("featured", "=", 1)
        .orderBy("created_at", "desc").orderBy("id", "desc").limit(6),
      db.selectFrom("blog_posts").select(sql`count(*)`.as("count")).where("published", "=", 1),
    ];
    for (const query of queries) {
      const compiled = query.compile();
      // sql.raw binds no parameters: inline them (numbers and uuids only) for the plan.
      const inlined = compiled.parameters.reduce<string>(
        (text, value) => text.replace("?", typeof value === "number" ? String(value) : `'${String(value)}'`),
        compiled.sql,
      );
      const plan = await sql.raw(`explain query plan ${inlined}`).execute(db);
      const detail = (plan.rows as { detail: string }[]).map((row) => row.detail).join("; ");
      expect(detail, compiled.sql).toMatch(/USING COVERING INDEX blog_posts_public_(order|featured)/);
      expect(detail, compiled.sql).not.toMatch(/TEMP B-TREE|SCAN blog_posts(?! USING)/);
    }
  });
});

describe.each(testDatabaseKinds)("deep pages on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("every page, read from either end, holds the right posts in the right order", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const total = BLOG_PAGE_SIZE * 4 + 5;
    await addPost(db, "star", { minute: 500, featured: true });
    await addPost(db, "old-star", { minute: 5, featured: true });
    for (let index = 0; index < total; index += 1) await addPost(db, `post-${index}`, { minute: 10 + index });
    // Both featured posts lead the first page, so the list holds every other post, newest first.
    const expected = Array.from({ length: total }, (_, index) => `post-${total - 1 - index}`);
    const listed: string[] = [];
    const first = await getBlogIndexPage(db, 1);
    expect(first?.pageCount).toBe(5);
    for (let page = 1; page <= first!.pageCount; page += 1) {
      listed.push(...(await getBlogIndexPage(db, page))!.posts.map((post) => post.slug));
    }
    expect(listed).toEqual(expected);
    // The API lists every published post, featured ones in their place by date.
    const api: string[] = [];
    const apiFirst = await listPublishedPosts(db, 1);
    for (let page = 1; page <= apiFirst.totalPages; page += 1) {
      api.push(...(await listPublishedPosts(db, page)).posts.map((post) => post.slug));
    }
    expect(api).toEqual(["star", ...expected, "old-star"]);
  });
});
