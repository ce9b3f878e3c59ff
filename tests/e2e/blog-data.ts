import crypto from "node:crypto";
import path from "node:path";
import { test as base } from "./fixtures";
import type { BlogPost } from "../../domain/blog-post";
import { createPost } from "../../server/blog/posts.server";
import { POSTS_TAG, postTag, recordContentChange } from "../../server/cache/content-changes.server";
import { createDatabase, type AppDatabase } from "../../server/db/database.server";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server";

/**
 * Test data for the blog's end-to-end tests, written straight into the SQLite file the server
 * under test reads (WAL lets both use it at once), through the same posts service the admin uses.
 */

/** The data directory of the suite's shared server (playwright.config.ts). */
export function sharedDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return dir;
}

export async function withDatabase<T>(dataDir: string, run: (db: AppDatabase) => Promise<T>): Promise<T> {
  const db = createDatabase({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** A slug no other test uses. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}`;
}

export type PostSeed = Record<string, unknown> & { createdAt?: string };

/** Creates posts as the admin would (published unless told otherwise); `createdAt` sets the date. */
export async function seedPosts(dataDir: string, posts: PostSeed[]): Promise<BlogPost[]> {
  return withDatabase(dataDir, async (db) => {
    const created: BlogPost[] = [];
    for (const { createdAt, ...fields } of posts) {
      const result = await createPost(db, { published: true, ...fields });
      if (!result.ok) throw new Error(`Post not created: ${JSON.stringify(result)}`);
      if (createdAt) {
        await db.updateTable("blog_posts").set({ created_at: createdAt }).where("id", "=", result.post.id).execute();
      }
      created.push({ ...result.post, created_at: createdAt ?? result.post.created_at });
    }
    // The dates were set after the posts service wrote them: tell the page cache once more.
    await recordContentChange(db, [POSTS_TAG, ...created.map((post) => postTag(post.slug))]);
    return created;
  });
}

/**
 * A published post whose body goes into the table exactly as given, skipping the cleaning on
 * write, as a body stored by an older version or another tool would: the page must still clean it.
 */
export async function insertRawPost(dataDir: string, slug: string, title: string, content: string): Promise<void> {
  // Dated a year back: read at their own address, they do not push the posts other tests just
  // published off the first page of /blog while those tests look for them there.
  const yearAgo = new Date(Date.now() - 365 * 24 * 60 * 60 * 1000).toISOString();
  await withDatabase(dataDir, async (db) => {
    await db
      .insertInto("blog_posts")
      .values({
        id: crypto.randomUUID(),
        slug,
        title,
        excerpt: null,
        content,
        category: "General",
        author_name: "Admin",
        author_avatar_url: null,
        author_bio: "",
        author_linkedin_url: null,
        featured_image_url: null,
        read_time: "1 min read",
        published: 1,
        featured: 0,
        created_at: yearAgo,
        updated_at: yearAgo,
      })
      .execute();
    await recordContentChange(db, [POSTS_TAG, postTag(slug)]);
  });
}

/**
 * A test with a built server of its own, on its own empty database, for what the shared server
 * cannot show while other tests add posts or messages to it: an empty blog, exact pages, a whole
 * inbox, a broken database.
 */
export const testWithOwnServer = base.extend<{ ownServer: BuiltServer }>({
  ownServer: async ({ context }, provide) => {
    // Tests write posts straight into its database and look at once: changes read on every
    // request. As the shared server, it trusts a proxy on loopback: tests can act as distinct
    // clients (X-Forwarded-For).
    const server = await startBuiltServer({ env: { PAGE_CACHE_CHECK_MS: "0", TRUST_PROXY: "loopback" } });
    await provide(server);
    // Torn down after the test, passed or failed: the pages go first, so none of them is left
    // talking to a server that has stopped.
    await context.close();
    await server.stop();
  },
});
