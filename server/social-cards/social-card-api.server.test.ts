import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { seedPost } from "../../tests/helpers/posts";
import type { AppDatabase } from "../db/database.server";
import { deletePost, updatePost } from "../blog/posts.server";
import { socialCardRouter } from "./social-card-api.server";
import { cardContent, cardPath } from "./social-card.server";

const SITE_NAME = "Dialogic";
type CardPost = { slug: string; title: string; category: string; author_name: string };

async function publishedPost(db: AppDatabase, slug: string, title = `Post ${slug}`) {
  return seedPost(db, { title, slug, published: true });
}

const storedCards = (db: AppDatabase) => db.selectFrom("blog_social_cards").select(["post_id", "key"]).execute();

describe.each(testDatabaseKinds)("social card addresses on %s (issue 30, finding 11)", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, url } = await server.start({ mountAt: "/", env: { SITE_NAME }, routers: (services) => [socialCardRouter(services)] });
    const cardOf = (post: CardPost, slug = post.slug) => cardPath(slug, cardContent(post, SITE_NAME));
    return { db, get: (path: string) => fetch(`${url}${path}`), cardOf };
  }

  test("a card answers under its own post's slug only, never another published post's", async () => {
    const { db, get, cardOf } = await start();
    const first = await publishedPost(db, "first");
    await publishedPost(db, "second");
    const own = await get(cardOf(first));
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    // Today's main sent any stored card under any slug: the key alone decided.
    expect((await get(cardOf(first, "second"))).status).toBe(404);
    expect((await get(cardOf(first, "no-such-post"))).status).toBe(404);
  });

  test("a card ends with its post's publication, and is deleted with it", async () => {
    const { db, get, cardOf } = await start();
    const post = await publishedPost(db, "going-away");
    expect((await get(cardOf(post))).status).toBe(200);
    expect(await storedCards(db)).toEqual([{ post_id: post.id, key: expect.any(String) }]);

    await updatePost(db, post.id, { published: false });
    expect(await storedCards(db)).toEqual([]);
    expect((await get(cardOf(post))).status).toBe(404);

    await updatePost(db, post.id, { published: true });
    expect((await get(cardOf(post))).status).toBe(200);
    await deletePost(db, post.id);
    expect(await storedCards(db)).toEqual([]);
    expect((await get(cardOf(post))).status).toBe(404);
  });

  test("a new title or a new slug retires the old card; an unrelated edit keeps it", async () => {
    const { db, get, cardOf } = await start();
    const post = await publishedPost(db, "renamed", "Old title");
    expect((await get(cardOf(post))).status).toBe(200);

    await updatePost(db, post.id, { excerpt: "A new excerpt" });
    expect(await storedCards(db)).toHaveLength(1);

    const retitled = await updatePost(db, post.id, { title: "New title", slug: "renamed-again" });
    if (!retitled.ok) throw new Error("the update failed");
    expect(await storedCards(db)).toEqual([]);
    expect((await get(cardOf(post))).status).toBe(404);
    expect((await get(cardOf(retitled.post))).status).toBe(200);
  });
});
