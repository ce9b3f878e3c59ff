import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from "express";
import { MEDIA_MAX_BYTES, MEDIA_VARIANT_TYPE, mediaMessages, parseMediaFile, parseMediaVariantFile } from "../../domain/media";
import type { AppServices } from "../context.server";
import { readImage, storeImage, type StoredImage } from "./media.server";
import { readVariant } from "./media-variants.server";
import { listStoredImages } from "./media-library.server";
import { mediaLibraryMessages, parseLibraryPage } from "../../domain/media-library";
import { adminRoutes } from "../auth/admin-routes.server";
import { sendApiError } from "../http/api-errors.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * POST /api/admin/media: the image's bytes as the body (any declared type; the content decides),
 * 201 `{ url }`. Behind the admin guard; the body is read only after the token is checked.
 * Mount before the API's shared JSON parser.
 * GET /api/admin/media?page=N: the library, newest first (`{ items, page, totalPages, total }`).
 */
export function adminMediaRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);
  // One byte over the limit is enough to know the image is too large.
  const rawBody = express.raw({ type: () => true, limit: MEDIA_MAX_BYTES + 1 });
  const tooLarge: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if ((error as { type?: string }).type === "entity.too.large") return sendApiError(res, 413, mediaMessages.tooLarge);
    next(error);
  };

  admin.door("media.read").get("/admin/media", async (req, res) => {
    const page = parseLibraryPage(req.query.page);
    if (page === undefined) return sendApiError(res, 400, mediaLibraryMessages.pageInvalid, { page: mediaLibraryMessages.pageInvalid });
    res.json(await listStoredImages(services.db, page));
  });
  admin.door("media.upload").post("/admin/media", rawBody, async (req, res) => {
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await storeImage(services.db, bytes);
    if (result.ok) return res.status(201).json({ url: result.url });
    const status = result.code === "too_large" ? 413 : result.code === "wrong_type" ? 415 : 400;
    sendApiError(res, status, result.error);
  });
  router.use("/admin/media", tooLarge);

  return router;
}

/**
 * GET /media/<sha256>.<ext>: the stored bytes; GET /media/<sha256>-<width>w.webp: a smaller copy
 * (made on the first request, then stored), for the widths of the fixed set only. Both cached
 * for a year: the address names the content.
 */
export function mediaRouter({ db, logger }: Pick<AppServices, "db" | "logger">) {
  const router = express.Router();
  router.get("/media/:file", async (req, res, next) => {
    const original = parseMediaFile(req.params.file);
    if (original) {
      return serveImmutable(req, res, next, `"${original.sha256}"`, () => readImage(db, original.sha256, original.extension));
    }
    const variant = parseMediaVariantFile(req.params.file);
    if (variant) {
      return serveImmutable(req, res, next, `"${variant.sha256}-${variant.width}w"`, async () => {
        const data = await readVariant(db, variant.sha256, variant.width, logger);
        return data && { contentType: MEDIA_VARIANT_TYPE, data };
      });
    }
    next();
  });
  return router;
}

async function serveImmutable(
  req: Request,
  res: Response,
  next: NextFunction,
  etag: string,
  read: () => Promise<StoredImage | undefined>,
): Promise<void> {
  // The address names the content: a browser that holds it needs no bytes, nor a database read.
  if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) {
    res.set({ "Cache-Control": IMMUTABLE, ETag: etag }).status(304).end();
    return;
  }
  const image = await read();
  if (!image) return next();
  res
    .set({
      "Content-Type": image.contentType,
      "Cache-Control": IMMUTABLE,
      "X-Content-Type-Options": "nosniff",
      ETag: etag,
    })
    .send(image.data);
}
