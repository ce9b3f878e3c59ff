/**
 * The posts the measurements (`npm run bench`, `npm run lighthouse`) publish: the 30 KB article of
 * tests/fixtures/article-30k.json and rows written as the posts service writes them.
 */
import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

export const ARTICLE_SLUG = "the-30k-article";

export const article = JSON.parse(readFileSync(path.resolve("tests/fixtures/article-30k.json"), "utf8")) as {
  html: string;
  title: string;
  excerpt: string;
};

/** A published post by the sample author; `content` must already be cleaned. */
export function samplePostRow(post: { slug: string; title: string; content: string; category: string; featured: boolean; createdAt: string }) {
  return {
    id: crypto.randomUUID(),
    slug: post.slug,
    title: post.title,
    excerpt: article.excerpt,
    content: post.content,
    category: post.category,
    author_name: "Alex Example",
    author_avatar_url: null,
    author_bio: "Content Creator",
    author_linkedin_url: null,
    featured_image_url: null,
    read_time: "12 min read",
    published: 1 as const,
    featured: post.featured ? (1 as const) : (0 as const),
    created_at: post.createdAt,
    updated_at: post.createdAt,
  };
}
