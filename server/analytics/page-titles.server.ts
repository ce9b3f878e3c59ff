import type { AppDatabase } from "../db/database.server";
import { inChunks } from "../db/chunks.server";

const ARTICLE_PATH = /^\/blog\/([^/]+)$/;

/**
 * The titles of the report's pages (decisions 185, 225): `/blog/<slug>` of a post that exists,
 * with the post's id for its editor, and the live address of a page the team edits. Other paths
 * (the blog's list, search, author pages) have none, so the dashboard's articles are only real ones.
 */
export async function pageTitles(db: AppDatabase, paths: string[]): Promise<Map<string, { title: string; post_id?: string }>> {
  const slugs = new Map<string, string>();
  for (const path of paths) {
    const slug = ARTICLE_PATH.exec(path)?.[1];
    if (slug) slugs.set(safeDecode(slug), path);
  }
  const titles = new Map<string, { title: string; post_id?: string }>();
  const others = paths.filter((path) => path.startsWith("/") && !ARTICLE_PATH.test(path));
  for (const chunk of inChunks(others)) {
    const pages = await db.selectFrom("site_pages").select(["path", "title"]).where("path", "in", chunk).execute();
    for (const page of pages) titles.set(page.path, { title: page.title });
  }
  if (slugs.size === 0) return titles;
  const posts = await db.selectFrom("blog_posts").select(["id", "slug", "title"]).where("slug", "in", [...slugs.keys()]).execute();
  for (const post of posts) titles.set(slugs.get(post.slug)!, { title: post.title, post_id: post.id });
  return titles;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
