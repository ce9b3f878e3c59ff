import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, type Migration } from "kysely";
import { expect, test } from "vitest";
import { getPublishedPost } from "../../blog/public-posts.server";
import { createDatabase } from "../database.server";
import { migrateToLatest } from "../migrate.server";
import * as blogPosts from "./0001-blog-posts";
import * as rateLimits from "./0002-rate-limits";
import * as mailOutbox from "./0003-mail-outbox";
import * as adminAuth from "./0004-admin-auth";
import * as blogIndexes from "./0005-blog-indexes";
import * as contactMessages from "./0006-contact-messages";
import * as securityReports from "./0007-security-reports";

test("the editorial migrations keep every existing post, public ones still public, with empty new fields", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-migration-"));
  const db = createDatabase({ kind: "sqlite", file: path.join(dir, "site.db") });
  try {
    const before: Record<string, Migration> = {
      "0001-blog-posts": blogPosts,
      "0002-rate-limits": rateLimits,
      "0003-mail-outbox": mailOutbox,
      "0004-admin-auth": adminAuth,
      "0005-blog-indexes": blogIndexes,
      "0006-contact-messages": contactMessages,
      "0007-security-reports": securityReports,
    };
    await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    const row = {
      id: "id-1",
      slug: "kept",
      title: "Kept",
      excerpt: "Short",
      content: "<p>Body</p>",
      category: "General",
      author_name: "Admin",
      author_avatar_url: null,
      author_bio: "Content Creator",
      author_linkedin_url: null,
      featured_image_url: "https://example.com/a.png",
      read_time: "5 min read",
      published: 1 as const,
      featured: 1 as const,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-02T00:00:00.000Z",
    };
    await db.insertInto("blog_posts").values(row).execute();

    await migrateToLatest(db);
    const after = await db.selectFrom("blog_posts").selectAll().executeTakeFirstOrThrow();
    // The posts table keeps its columns; the new fields live beside it, empty for old posts.
    // Migration 0073 adds who created and changed it, null on older posts.
    expect(after).toEqual({ ...row, created_by: null, updated_by: null });
    expect(await db.selectFrom("blog_post_editorial").selectAll().execute()).toEqual([]);
    expect(await getPublishedPost(db, "kept")).toMatchObject({ title: "Kept", excerpt: "Short" });
    expect(await db.selectFrom("blog_slug_redirects").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("blog_media").selectAll().execute()).toEqual([]);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});
