import express from "express";
import { SLUG_PATTERN } from "../../domain/slug";
import { publishedCardFields } from "../blog/public-posts.server";
import type { AppServices } from "../context.server";
import { cardContent, cardKey, cardPng } from "./social-card.server";

const IMMUTABLE = "public, max-age=31536000, immutable";
const CARD_FILE = /^([0-9a-f]{64})\.png$/;

/**
 * GET /media/cards/:slug/:key.png (docs/decisions/160-social-cards.md, 178): a card answers only
 * under the slug of the published post it belongs to, and only while the key is that of what the
 * post shows now, so no one can have cards made for text of their choosing, and a card ends with
 * its post's publication, rename or edit. Immutable: the key names the content.
 */
export function socialCardRouter({ db, config }: Pick<AppServices, "db" | "config">) {
  const router = express.Router();
  router.get("/media/cards/:slug/:file", async (req, res, next) => {
    const key = CARD_FILE.exec(req.params.file)?.[1];
    const slug = req.params.slug;
    if (!key || !SLUG_PATTERN.test(slug)) return next();
    const post = await publishedCardFields(db, slug);
    if (!post) return next();
    const content = cardContent(post, config.public.siteName);
    if (cardKey(content) !== key) return next();
    const etag = `"card-${key}"`;
    if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) {
      res.set({ "Cache-Control": IMMUTABLE, ETag: etag }).status(304).end();
      return;
    }
    const data = await cardPng(db, post.id, content);
    res
      .set({ "Content-Type": "image/png", "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff", ETag: etag })
      .send(data);
  });
  return router;
}
