import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { seedPost } from "../../tests/helpers/posts";
import type { AppDatabase } from "../db/database.server";
import { createPreviewLink, getPreviewPost, listPreviewLinks, revokeAllPreviewLinks, revokePreviewLink } from "./preview-links.server";
import { getPublishedArticle } from "./public-posts.server";

const DAY = 24 * 60 * 60 * 1000;

async function draft(db: AppDatabase, slug: string): Promise<string> {
  return (await seedPost(db, { title: `Draft ${slug}`, slug, content: "<p>Not published yet</p>" })).id;
}

async function link(db: AppDatabase, postId: string, purpose: "share" | "editor" = "share", now = new Date()) {
  const result = await createPreviewLink(db, postId, purpose, now);
  if (!result.ok) throw new Error(`Link not created: ${result.code}`);
  return result.link;
}

describe.each(testDatabaseKinds)("revoking every preview link on %s", (kind) => {
  const server = apiTestServer(kind);

  test("every link of every post stops working at once; the answer counts those that worked", async () => {
    const db = await server.database();
    const first = await draft(db, "first");
    const second = await draft(db, "second");
    const shared = await link(db, first);
    const editors = await link(db, first, "editor");
    const other = await link(db, second);
    const alreadyRevoked = await link(db, second);
    await revokePreviewLink(db, second, alreadyRevoked.id);
    const expired = await link(db, second, "share", new Date(Date.now() - 8 * DAY));
    for (const working of [shared, editors, other]) expect(await getPreviewPost(db, working.token)).toBeDefined();

    expect(await revokeAllPreviewLinks(db)).toBe(3);

    for (const each of [shared, editors, other, alreadyRevoked, expired]) {
      expect(await getPreviewPost(db, each.token)).toBeUndefined();
    }
    expect(await listPreviewLinks(db, first)).toEqual([]);
    expect(await listPreviewLinks(db, second)).toEqual([]);
    // Nothing is left unrevoked, the expired link included; a second call finds nothing.
    const open = await db.selectFrom("post_preview_links").select("id").where("revoked_at", "is", null).execute();
    expect(open).toEqual([]);
    expect(await revokeAllPreviewLinks(db)).toBe(0);
  });

  test("links made afterwards work; with no links at all the answer is 0", async () => {
    const db = await server.database();
    expect(await revokeAllPreviewLinks(db)).toBe(0);
    const post = await draft(db, "later");
    await link(db, post);
    expect(await revokeAllPreviewLinks(db)).toBe(1);
    const fresh = await link(db, post);
    expect(await getPreviewPost(db, fresh.token)).toMatchObject({ slug: "later" });
  });
});

describe.each(testDatabaseKinds)("a preview's body on %s", (kind) => {
  const server = apiTestServer(kind);

  test("is the article page's body, worked out once per version of the draft", async () => {
    const db = await server.database();
    const content = '<h2>First</h2><p onclick="x()">One&nbsp;&nbsp;two</p><h2>Second</h2><h3>Third</h3><h2>Fourth</h2><script>alert(1)</script>';
    const post = await seedPost(db, { title: "Previewed", slug: "previewed", content, published: true });
    const { token } = await link(db, post.id);
    const preview = await getPreviewPost(db, token);
    const article = await getPublishedArticle(db, "previewed");
    expect(preview?.content).toBe(article?.post.content);
    expect(preview?.content).toContain('<h2 id="first">');
    expect(preview?.content).not.toMatch(/<script|onclick/);
    expect((await getPreviewPost(db, token))?.content).toBe(preview?.content);
  });
});
