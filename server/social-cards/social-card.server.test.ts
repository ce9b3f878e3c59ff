import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { createPost } from "../blog/posts.server";
import { cardKey, cardPng, renderCard } from "./social-card.server";

function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe("social cards", () => {
  test("resvg draws them, in a process where sharp decodes no SVG (decision 126)", async () => {
    await import("../media/image-processing.server");
    const data = await renderCard({ title: "Blocked decoders", category: "A", author: "B", siteName: "C" });
    expect(pngSize(data)).toEqual({ width: 1200, height: 630 });
  });

  test("a 1200x630 PNG for titles of any length and script, in well under a second", async () => {
    const content = { title: "Why compliance training fails", category: "Training", author: "Jane", siteName: "Dialogic" };
    await renderCard(content);
    const started = performance.now();
    const data = await renderCard({ ...content, title: `${"Очень длинный заголовок ".repeat(20)} 日本語 العربية` });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pngSize(data)).toEqual({ width: 1200, height: 630 });
  });

  test("the key changes with the title", () => {
    const content = { title: "A", category: "B", author: "C", siteName: "D" };
    expect(cardKey(content)).toMatch(/^[0-9a-f]{64}$/);
    expect(cardKey({ ...content, title: "A2" })).not.toBe(cardKey(content));
  });
});

describe.each(testDatabaseKinds)("stored social cards on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("made once and stored by post and key, however many ask", async () => {
    database = await createTestDatabase(kind);
    const created = await createPost(database.db, { title: "Stored", slug: "stored", published: true });
    if (!created.ok) throw new Error("the post was not created");
    const postId = created.post.id;
    const content = { title: "Stored", category: "B", author: "C", siteName: "D" };
    const [first, second] = await Promise.all([cardPng(database.db, postId, content), cardPng(database.db, postId, content)]);
    expect(first.equals(second)).toBe(true);
    const rows = await database.db.selectFrom("blog_social_cards").select("key").execute();
    expect(rows.map((row) => row.key)).toEqual([cardKey(content)]);
    expect((await cardPng(database.db, postId, content)).equals(first)).toBe(true);
  });
});
