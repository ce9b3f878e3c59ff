import { afterEach, describe, expect, test } from "vitest";
import { testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { loadArticle, loadBlogIndex } from "./blog-pages.server";
import { createPost } from "./posts.server";

const blogUrl = (query = "") => new URL(`http://localhost/blog${query}`);

describe.each(testDatabaseKinds)("blog page loading on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("the first page loads; ?page=1 and nonsense page numbers lead to /blog; past the end is not found", async () => {
    database = await createTestDatabase(kind);
    const services = testServices(database.db);
    expect(await loadBlogIndex(services, blogUrl())).toMatchObject({ kind: "ok", page: { page: 1, posts: [] } });
    for (const query of ["?page=1", "?page=0", "?page=abc", "?page=-2", "?page=1e3"]) {
      expect(await loadBlogIndex(services, blogUrl(query)), query).toEqual({ kind: "redirect", to: "/blog" });
    }
    expect(await loadBlogIndex(services, blogUrl("?page=2"))).toEqual({ kind: "not_found" });
  });

  test("a published article loads; a draft or a missing one is not found", async () => {
    database = await createTestDatabase(kind);
    const services = testServices(database.db);
    await createPost(database.db, { title: "Live", slug: "live", published: true });
    await createPost(database.db, { title: "Draft", slug: "draft" });
    expect(await loadArticle(services, "live")).toMatchObject({ kind: "ok", post: { slug: "live" } });
    expect(await loadArticle(services, "draft")).toEqual({ kind: "not_found" });
    expect(await loadArticle(services, "missing")).toEqual({ kind: "not_found" });
  });

  test("when the database fails, both pages answer their error state instead of throwing", async () => {
    database = await createTestDatabase(kind);
    const services = testServices(database.db);
    // A real failure, no mock: the posts table is gone.
    // Tables referring to posts go first: PostgreSQL refuses to drop a table others depend on.
    for (const table of ["post_revisions", "post_preview_links", "post_review_requests", "blog_social_cards", "blog_posts"]) {
      await database.db.schema.dropTable(table).execute();
    }
    expect(await loadBlogIndex(services, blogUrl())).toEqual({ kind: "error" });
    expect(await loadBlogIndex(services, blogUrl("?page=3"))).toEqual({ kind: "error" });
    expect(await loadArticle(services, "live")).toEqual({ kind: "error" });
  });
});
