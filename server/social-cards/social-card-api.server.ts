import express from "express";
import { SLUG_PATTERN } from "../../domain/slug";
import { getPublishedArticle } from "../blog/public-posts.server";
import type { AppServices } from "../context.server";
import { cardKey, cardPng, storedCard, type CardContent } from "./social-card.server";

const IMMUTABLE = "public, max-age=31536000, immutable";
const CARD_FILE = /^([0-9a-f]{64})\.png$/;

/** What a post's card shows. */
export function cardContent(post: { title: string; category: string; author_name: string }, siteName: string): CardContent {
  return { title: post.title, category: post.category, author: post.author_name, siteName };
}

/**
 * GET /media/cards/:slug/:key.png (docs/decisions/160-social-cards.md): a stored card is sent as
 * it is; otherwise the card is made only when the key is that of what the published post shows
 * now, so no one can have cards made for text of their choosing. Immutable: the key names the
 * content.
 */
export function socialCardRouter({ db, config }: Pick<AppServices, "db" | "config">) {
  const router = express.Router();
  router.get("/media/cards/:slug/:file", async (req, res, next) => {
    const key = CARD_FILE.exec(req.params.file)?.[1];
    const slug = req.params.slug;
    if (!key || !SLUG_PATTERN.test(slug)) return next();
    const etag = `"card-${key}"`;
    if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) {
      res.set({ "Cache-Control": IMMUTABLE, ETag: etag }).status(304).end();
      return;
    }
    let data = await storedCard(db, key);
    if (!data) {
      const article = await getPublishedArticle(db, slug);
      const content = article && cardContent(article.post, config.public.siteName);
      if (!content || cardKey(content) !== key) return next();
      data = await cardPng(db, content);
    }
    res
      .set({ "Content-Type": "image/png", "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff", ETag: etag })
      .send(data);
  });
  return router;
}
