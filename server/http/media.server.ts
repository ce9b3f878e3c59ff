import express, { type ErrorRequestHandler } from "express";
import { MEDIA_MAX_BYTES, mediaMessages, parseMediaFile } from "../../domain/media";
import type { AppServices } from "../context.server";
import { readImage, storeImage } from "../media/media.server";
import { requireAdmin } from "./require-admin.server";
import { sendApiError } from "./api-errors.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * POST /api/admin/media: the image's bytes as the body (any declared type; the content decides),
 * 201 `{ url }`. Behind the admin guard; the body is read only after the token is checked.
 * Mount before the API's shared JSON parser.
 */
export function adminMediaRouter(services: AppServices) {
  const router = express.Router();
  // One byte over the limit is enough to know the image is too large.
  const rawBody = express.raw({ type: () => true, limit: MEDIA_MAX_BYTES + 1 });
  const tooLarge: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if ((error as { type?: string }).type === "entity.too.large") return sendApiError(res, 413, mediaMessages.tooLarge);
    next(error);
  };

  router.post("/admin/media", requireAdmin(services), rawBody, async (req, res) => {
    res.set("Cache-Control", "no-store");
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await storeImage(services.db, bytes);
    if (result.ok) return res.status(201).json({ url: result.url });
    const status = result.code === "too_large" ? 413 : result.code === "wrong_type" ? 415 : 400;
    sendApiError(res, status, result.error);
  });
  router.use("/admin/media", tooLarge);

  return router;
}

/** GET /media/<sha256>.<ext>: the stored bytes, cached for a year (the address names the content). */
export function mediaRouter({ db }: Pick<AppServices, "db">) {
  const router = express.Router();
  router.get("/media/:file", async (req, res, next) => {
    const file = parseMediaFile(req.params.file);
    if (!file) return next();
    const etag = `"${file.sha256}"`;
    // The address names the content: a browser that holds it needs no bytes, nor a database read.
    if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) {
      res.set({ "Cache-Control": IMMUTABLE, ETag: etag }).status(304).end();
      return;
    }
    const image = await readImage(db, file.sha256, file.extension);
    if (!image) return next();
    res
      .set({
        "Content-Type": image.contentType,
        "Cache-Control": IMMUTABLE,
        "X-Content-Type-Options": "nosniff",
        ETag: etag,
      })
      .send(image.data);
  });
  return router;
}
