import { afterEach, describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { parseSearchQuery } from "../../domain/search";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { createPost, deletePost, updatePost } from "../blog/posts.server";
import { importPosts } from "../blog/post-transfer.server";
import { copyDatabase } from "../db/copy-database.server";
import { searchPosts } from "./post-search.server";
import { startSearchWorker } from "./search-worker.server";
import { SITE_COPY_STEPS } from "../copy-steps.server";

const vectors = JSON.parse(readFileSync(new URL("../../tests/fixtures/xss-vectors.json", import.meta.url), "utf8")) as unknown;
const hostile: string[] = [
  ...(Array.isArray(vectors) ? vectors : Object.values(vectors as object).flat()).filter((value): value is string => typeof value === "string"),
  '"unbalanced',
  "compliance OR NOT AND NEAR(a b)",
  "title:x* ^y -z {a b}: c",
  "a & b | !c <-> d:*",
  "\u0000\u0001\u0002",
  "'';--",
  "x".repeat(10_000),
];

describe.each(testDatabaseKinds)("post search on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });
  async function db() {
    database ??= await createTestDatabase(kind);
    return database.db;
  }
  const search = async (text: string, page = 1) => {
    const query = parseSearchQuery(text);
    if (!query.ok) return query.error;
    return searchPosts(await db(), query.words, page);
  };

  test("finds published posts by a prefix of a word in the body, with the word highlighted", async () => {
    await createPost(await db(), {
      title: "Training that sticks",
      slug: "training-that-sticks",
      published: true,
      content: "<p>Annual <strong>compliance</strong> courses &amp; their <em>retention</em> problem.</p>",
    });
    await createPost(await db(), { title: "Draft on compliance", slug: "draft", published: false, content: "<p>compliance</p>" });
    const found = await search("complian");
    expect(found).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    if (typeof found !== "object" || !found) throw new Error("no result");
    expect(found.items.map((item) => item.slug)).toEqual(["training-that-sticks"]);
    const snippet = found.items[0]!.snippet;
    expect(snippet.filter((part) => part.match).map((part) => part.text.toLowerCase())).toContain("compliance");
    expect(snippet.map((part) => part.text).join("")).not.toMatch(/<|&amp;/);
  });

  test("ranks a title match first, follows edits and deletions, and needs every word", async () => {
    const first = await createPost(await db(), { title: "Onboarding guide", slug: "onboarding", published: true, content: "<p>security basics</p>" });
    await createPost(await db(), { title: "Security first", slug: "security-first", published: true, content: "<p>onboarding notes</p>" });
    let found = await search("security");
    expect(typeof found === "object" && found?.items.map((item) => item.slug)).toEqual(["security-first", "onboarding"]);
    found = await search("security onboarding notes");
    expect(typeof found === "object" && found?.items.map((item) => item.slug)).toEqual(["security-first"]);
    if (!first.ok) throw new Error("not created");
    await updatePost(await db(), first.post.id, { content: "<p>nothing here</p>" });
    found = await search("basics");
    expect(typeof found === "object" && found?.total).toBe(0);
    await updatePost(await db(), first.post.id, { published: false });
    found = await search("onboarding");
    expect(typeof found === "object" && found?.items.map((item) => item.slug)).toEqual(["security-first"]);
    await deletePost(await db(), first.post.id);
    found = await search("guide");
    expect(typeof found === "object" && found?.total).toBe(0);
  });

  test("equal matches come newest first, by the post's own date (an import keeps it)", async () => {
    // Written in this order, dated otherwise: the index follows each post's date, not when it was written.
    const dated = (slug: string, created_at: string) => ({ title: "Quarterly review", slug, published: true, content: "<p>x</p>", created_at });
    const imported = await importPosts(await db(), {
      posts: [dated("middle", "2024-06-01T00:00:00.000Z"), dated("oldest", "2001-01-01T00:00:00.000Z"), dated("newest", "2025-01-01T00:00:00.000Z")],
    });
    expect(imported.created).toEqual(["middle", "oldest", "newest"]);
    const found = await search("quarterly");
    expect(typeof found === "object" && found?.items.map((item) => item.slug)).toEqual(["newest", "middle", "oldest"]);
  });

  test("past the number of matches worth ranking, they come newest first instead of best first (decision 196)", async () => {
    const post = (slug: string, title: string, created_at: string) => ({ title, slug, published: true, content: "<p>Onboarding, once.</p>", created_at });
    await importPosts(await db(), {
      posts: [post("best", "Onboarding, onboarding, onboarding", "2020-01-01T00:00:00.000Z"), post("newer", "Another story", "2024-01-01T00:00:00.000Z")],
    });
    const slugs = (found: Awaited<ReturnType<typeof searchPosts>>) => [found?.total, found?.items.map((item) => item.slug)];
    expect(slugs(await searchPosts(await db(), ["onboarding"], 1))).toEqual([2, ["best", "newer"]]);
    expect(slugs(await searchPosts(await db(), ["onboarding"], 1, { rankedAtMost: 1 }))).toEqual([2, ["newer", "best"]]);
  });

  test("a post scheduled for later is found only once its time has come", async () => {
    await createPost(await db(), {
      title: "Future compliance",
      slug: "future",
      published: true,
      publish_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const found = await search("future");
    expect(typeof found === "object" && found?.total).toBe(0);
  });

  test("hostile queries never fail: they are refused or read as plain words", async () => {
    await createPost(await db(), { title: "Plain post", slug: "plain", published: true, content: "<p>script alert</p>" });
    for (const text of hostile) {
      const found = await search(text);
      expect(typeof found === "string" || (found !== undefined && Array.isArray(found.items))).toBe(true);
    }
  });

  test("a word shorter than the index's shortest prefix is matched whole, a longer one as a prefix (decision 172)", async () => {
    await createPost(await db(), { title: "Writing C by hand", slug: "c-by-hand", published: true, content: "<p>A compiler course.</p>" });
    await createPost(await db(), { title: "Compliance calendars", slug: "calendars", published: true, content: "<p>Courses and checklists.</p>" });
    const slugs = async (text: string) => {
      const found = await search(text);
      return typeof found === "object" ? found?.items.map((item) => item.slug).sort() : found;
    };
    // As a prefix, "c" would read every term of the index that starts with it and find both.
    expect(await slugs("c")).toEqual(["c-by-hand"]);
    expect(await slugs("co")).toEqual(["c-by-hand", "calendars"]);
    // Single letters that stand alone nowhere find nothing: eight of them are no longer a scan of the index.
    expect(await slugs("a b c d e f g h")).toEqual([]);
    expect(await slugs("c a")).toEqual(["c-by-hand"]);
    const found = await search("c writing");
    expect(typeof found === "object" && found?.items[0]?.snippet.filter((part) => part.match).map((part) => part.text)).toEqual(["Writing", "C"]);
  });

  test("every order of the same words answers the same ranking and snippets", async () => {
    await createPost(await db(), { title: "Security training", slug: "security-training", published: true, content: "<p>Phishing drills every month.</p>" });
    await createPost(await db(), { title: "Training for managers", slug: "managers", published: true, content: "<p>Security reviews and phishing drills.</p>" });
    await createPost(await db(), { title: "Phishing drills", slug: "drills", published: true, content: "<p>Training teams on security, then training again.</p>" });
    const answers = await Promise.all(["security training drills", "drills training security", "training drills security security"].map((text) => search(text)));
    expect(typeof answers[0] === "object" && answers[0]?.total).toBe(3);
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  test("pages past the last are undefined", async () => {
    await createPost(await db(), { title: "Alpha", slug: "alpha", published: true });
    expect(await search("alpha", 2)).toBeUndefined();
  });

  test("searches started together leave the event loop free: on SQLite they read on the search worker (decision 173)", async () => {
    for (let index = 0; index < 3; index += 1) await createPost(await db(), { title: `Turn post ${index}`, slug: `turn-${index}`, published: true });
    const worker = startSearchWorker(await db(), database!.target);
    expect(worker === undefined).toBe(kind === "postgres");
    let loopTurns = 0;
    let searching = true;
    const tick = () => {
      if (!searching) return;
      loopTurns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    // Twelve searches, each with its own words (no answer shared), like a burst of new queries.
    const words = Array.from({ length: 12 }, (_, index) => ["turn", "post", String(index % 3)]);
    const started = words.map(async (query) => searchPosts(await db(), query, 1));
    const found = await Promise.all(started);
    searching = false;
    await worker?.close();
    expect(found.map((page) => page?.total)).toEqual(words.map(() => 1));
    // better-sqlite3 blocks while a query runs: on the main connection, the twelve would run back
    // to back in one turn of the loop. On the worker, the loop turns while each index read runs.
    if (kind === "sqlite") expect(loopTurns).toBeGreaterThanOrEqual(24);
  });

  test("a copied database has its search index", async () => {
    await createPost(await db(), { title: "Copied compliance", slug: "copied", published: true });
    const target = await createTestDatabase(kind);
    try {
      await copyDatabase(await db(), target.db, SITE_COPY_STEPS);
      const query = parseSearchQuery("copied");
      expect(query.ok && (await searchPosts(target.db, query.words, 1))?.total).toBe(1);
    } finally {
      await target.destroy();
    }
  });
});
