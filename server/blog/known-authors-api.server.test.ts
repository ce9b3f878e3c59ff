import { afterEach, describe, expect, test } from "vitest";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { knownAuthorsRouter } from "./known-authors-api.server";
import { createPost, updatePost } from "./posts.server";

const PASSWORD = "correct horse battery staple";
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(testDatabaseKinds)("known authors API on %s", (kind) => {
  let database: TestDatabase | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closeServer?.();
    await database?.destroy();
    database = undefined;
  });

  async function start() {
    database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    const services = testServices(database.db);
    const server = await serveApi(services, [knownAuthorsRouter(services)]);
    closeServer = server.close;
    const session = await login(database.db, PASSWORD);
    const get = (token: string | null = session!.token) =>
      fetch(`${server.url}/admin/authors`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { get, db: database.db };
  }

  test("lists each author once with the profile of their latest post, in name order", async () => {
    const { get, db } = await start();
    const post = (slug: string, author: Record<string, string>) =>
      createPost(db, { title: slug, slug, category: "General", read_time: "1 min read", published: false, featured: false, ...author });
    const first = await post("ada-one", { author_name: "Ada Lovelace", author_bio: "Old bio", author_avatar_url: "https://example.com/old.png" });
    expect(first.ok).toBe(true);
    await pause();
    await post("grace-one", { author_name: "Grace Hopper", author_bio: "Admiral", author_linkedin_url: "https://www.linkedin.com/in/grace" });
    await pause();
    await post("ada-two", { author_name: "Ada Lovelace", author_bio: "Newer bio", author_avatar_url: "/media/" + "a".repeat(64) + ".png" });
    await pause();
    // Saving the oldest post again makes its profile the latest.
    if (!first.ok) throw new Error("not created");
    await updatePost(db, first.post.id, { author_bio: "Latest bio", author_linkedin_url: "https://www.linkedin.com/in/ada" });

    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual([
      { name: "Ada Lovelace", bio: "Latest bio", avatar: "https://example.com/old.png", linkedin_url: "https://www.linkedin.com/in/ada" },
      { name: "Grace Hopper", bio: "Admiral", avatar: null, linkedin_url: "https://www.linkedin.com/in/grace" },
    ]);
  });

  test("an empty site has no authors; without a valid token the answer is 401", async () => {
    const { get } = await start();
    expect(await (await get()).json()).toEqual([]);
    for (const token of [null, "not-a-token"]) {
      const response = await get(token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Authentication required" });
    }
  });
});
