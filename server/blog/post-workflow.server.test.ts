import { afterEach, describe, expect, test, vi } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { seedPost } from "../../tests/helpers/posts";
import { copyDatabase } from "../db/copy-database.server";
import { storeImage } from "../media/media.server";
import { loadArticle } from "./blog-pages.server";
import { findSlugRedirect } from "./post-workflow.server";
import { nextScheduledPublication } from "./post-visibility.server";
import { createPost, getPostById, listPostSummaries, updatePost } from "./posts.server";
import {
  getBlogIndexPage,
  getPublishedArticle,
  getPublishedPost,
  latestPublishedPosts,
  listPublishedPosts,
  publishedPostLocations,
} from "./public-posts.server";
import pino from "pino";
import { SITE_COPY_STEPS } from "../copy-steps.server";

const HOUR = 60 * 60 * 1000;

describe.each(testDatabaseKinds)("scheduling, SEO fields and slug redirects on %s", (kind) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(opened.splice(0).map((database) => database.destroy()));
  });
  async function db() {
    const database = await createTestDatabase(kind);
    opened.push(database);
    return database.db;
  }
  async function create(database: Awaited<ReturnType<typeof db>>, input: Record<string, unknown>) {
    return seedPost(database, input);
  }
  async function publicSlugs(database: Awaited<ReturnType<typeof db>>) {
    const [index, api, feed, sitemap] = await Promise.all([
      getBlogIndexPage(database, 1),
      listPublishedPosts(database, 1),
      latestPublishedPosts(database, 20),
      publishedPostLocations(database),
    ]);
    return {
      index: [...(index?.featured ?? []), ...(index?.posts ?? [])].map((post) => post.slug),
      api: api.posts.map((post) => post.slug),
      total: api.totalPosts,
      feed: feed.map((post) => post.slug),
      sitemap: sitemap.map((post) => post.slug),
    };
  }

  test("a scheduled post is hidden everywhere public until its time, then shown everywhere without any write", async () => {
    const database = await db();
    const start = new Date("2030-01-01T09:00:00.000Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    await create(database, { title: "Now", slug: "now", published: true });
    vi.setSystemTime(start.getTime() + 1000);
    // Entered as local time with an offset: stored in UTC.
    const later = await create(database, { title: "Later", slug: "later", published: true, featured: true, publish_at: "2030-01-01T11:00:00+01:00" });
    expect(later.publish_at).toBe("2030-01-01T10:00:00.000Z");

    const hidden = { index: ["now"], api: ["now"], total: 1, feed: ["now"], sitemap: ["now"] };
    expect(await publicSlugs(database)).toEqual(hidden);
    expect(await getPublishedPost(database, "later")).toBeUndefined();
    expect(await nextScheduledPublication(database)).toEqual(new Date("2030-01-01T10:00:00.000Z"));
    const summary = (await listPostSummaries(database)).find((post) => post.slug === "later");
    expect(summary).toMatchObject({ published: true, publish_at: "2030-01-01T10:00:00.000Z" });

    vi.setSystemTime(new Date(start.getTime() + HOUR));
    const shown = await publicSlugs(database);
    // Public order stays newest created_at first: 'later' was created after 'now'.
    expect(shown).toEqual({ index: ["later", "now"], api: ["later", "now"], total: 2, feed: ["later", "now"], sitemap: ["later", "now"] });
    expect((await getPublishedPost(database, "later"))?.title).toBe("Later");
    expect(await nextScheduledPublication(database)).toBeNull();
  });

  test("saving as a draft or unpublishing drops the schedule; Publish without a time publishes now", async () => {
    const database = await db();
    const future = new Date(Date.now() + HOUR).toISOString();
    const post = await create(database, { title: "Plan", slug: "plan", published: true, publish_at: future });
    expect(post.publish_at).toBe(future);
    const draft = await updatePost(database, post.id, { published: false });
    expect(draft.ok && draft.post).toMatchObject({ published: false, publish_at: null });
    const rescheduled = await updatePost(database, post.id, { published: true, publish_at: future });
    expect(rescheduled.ok && rescheduled.post.publish_at).toBe(future);
    // A partial update of another field keeps the schedule.
    const renamed = await updatePost(database, post.id, { title: "Plan B" });
    expect(renamed.ok && renamed.post.publish_at).toBe(future);
    const now = await updatePost(database, post.id, { published: true, publish_at: null });
    expect(now.ok && now.post).toMatchObject({ published: true, publish_at: null });
    expect(await getPublishedPost(database, "plan")).toBeDefined();
  });

  test("a publication time must be a date-time with a zone", async () => {
    const database = await db();
    for (const publish_at of ["tomorrow", "2030-01-01T10:00", 12]) {
      const result = await createPost(database, { title: "Bad", slug: "bad", published: true, publish_at });
      expect(result).toMatchObject({ ok: false, code: "invalid", fields: { publish_at: expect.any(String) } });
    }
  });

  test("SEO fields are stored, limited, and read for the article; empty means the defaults", async () => {
    const database = await db();
    const image = await storeImage(database, Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"));
    if (!image.ok) throw new Error("not stored");
    const post = await create(database, {
      title: "Seo",
      slug: "seo",
      published: true,
      meta_title: "  Search title  ",
      meta_description: "Search description",
      social_image_url: image.url,
    });
    expect(post).toMatchObject({ meta_title: "Search title", meta_description: "Search description", social_image_url: image.url });
    expect((await getPublishedArticle(database, "seo"))?.seo).toEqual({ meta_title: "Search title", meta_description: "Search description", social_image_url: image.url });
    const plain = await create(database, { title: "Plain", slug: "plain", published: true });
    expect(plain).toMatchObject({ meta_title: "", meta_description: "", social_image_url: null });

    const refused = await createPost(database, {
      title: "Bad",
      slug: "bad-seo",
      meta_title: "x".repeat(201),
      social_image_url: "javascript:alert(1)",
      featured_image_url: "/media/not-a-hash.png",
    });
    expect(refused).toMatchObject({ ok: false, fields: { meta_title: "Must be at most 200 characters", social_image_url: expect.any(String), featured_image_url: expect.any(String) } });
    const uploadedFeatured = await createPost(database, { title: "Up", slug: "up", featured_image_url: image.url, author_avatar_url: image.url });
    expect(uploadedFeatured.ok).toBe(true);
  });

  test("renaming a published post leaves a redirect; chains collapse; a new post taking an old slug wins", async () => {
    const database = await db();
    const post = await create(database, { title: "First", slug: "first", published: true });
    await updatePost(database, post.id, { slug: "second" });
    await updatePost(database, post.id, { slug: "third" });
    expect(await findSlugRedirect(database, "first")).toBe("third");
    expect(await findSlugRedirect(database, "second")).toBe("third");
    expect(await findSlugRedirect(database, "third")).toBeUndefined();
    const logger = pino({ level: "silent" });
    expect(await loadArticle({ db: database, logger }, "first")).toEqual({ kind: "redirect", to: "/blog/third" });

    // Renaming back: the current slug is nobody's old address.
    await updatePost(database, post.id, { slug: "second" });
    expect(await findSlugRedirect(database, "second")).toBeUndefined();
    expect(await findSlugRedirect(database, "third")).toBe("second");

    const taker = await create(database, { title: "Taker", slug: "first", published: true });
    expect(await findSlugRedirect(database, "first")).toBeUndefined();
    expect(await loadArticle({ db: database, logger }, "first")).toMatchObject({ kind: "ok", post: { title: "Taker" } });

    // A draft's renames leave no trace, and an unpublished target is not revealed.
    const draft = await create(database, { title: "Draft", slug: "draft-a" });
    await updatePost(database, draft.id, { slug: "draft-b" });
    expect(await findSlugRedirect(database, "draft-a")).toBeUndefined();
    await updatePost(database, post.id, { published: false });
    expect(await findSlugRedirect(database, "third")).toBeUndefined();
    expect(await getPostById(database, taker.id)).toBeDefined();
  });

  test("copy-db moves the redirects and the images", async () => {
    const source = await db();
    const target = await db();
    const post = await create(source, { title: "Moved", slug: "moved", published: true });
    await updatePost(source, post.id, { slug: "moved-again" });
    const image = await storeImage(source, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ blog_slug_redirects: 1, blog_media: 1 });
    expect(await findSlugRedirect(target, "moved")).toBe("moved-again");
    const copied = await target.selectFrom("blog_media").selectAll().executeTakeFirstOrThrow();
    expect(image.ok && `/media/${copied.sha256}.${copied.extension}`).toBe(image.ok && image.url);
    expect(Buffer.from(copied.data)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
  });
});
