import sharp from "sharp";
import { MEDIA_MAX_PIXELS, type MediaDimensions, type MediaExtension, type MediaWidth } from "../../domain/media";

/**
 * The one place that decodes uploaded images (docs/decisions/126-uploaded-images.md), with sharp
 * (libvips). Only the four decoders of the accepted types may run, in this whole process: SVG,
 * PDF, TIFF, HEIF and the others libvips knows are refused whatever the bytes claim. Nothing is
 * kept in libvips' operation cache: each image is read once and its result stored.
 */
sharp.block({ operation: ["VipsForeignLoad"] });
sharp.unblock({
  operation: ["VipsForeignLoadPngBuffer", "VipsForeignLoadJpegBuffer", "VipsForeignLoadWebpBuffer", "VipsForeignLoadNsgifBuffer"],
});
sharp.cache(false);

/** libvips' names of the formats behind the accepted extensions. */
const DECODER_FORMATS: Record<MediaExtension, string> = { png: "png", jpg: "jpeg", webp: "webp", gif: "gif" };

/** Quality of the WebP copies: about a third of a JPEG's bytes at the same look. */
const WEBP_QUALITY = 80;

function decoder(bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: "error", sequentialRead: true });
}

/**
 * The size an image is shown at (its EXIF orientation applied) and whether it has several frames;
 * undefined when the bytes do not decode as the type their signature named. Reads the headers
 * only, never the pixels.
 */
export async function imageDimensions(bytes: Buffer, extension: MediaExtension): Promise<MediaDimensions | undefined> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (metadata.format !== DECODER_FORMATS[extension]) return undefined;
    const { width, height } = metadata.autoOrient;
    if (!(width > 0 && height > 0)) return undefined;
    return { width, height, animated: extension === "gif" || (metadata.pages ?? 1) > 1 };
  } catch {
    return undefined;
  }
}

/** A copy of the image `width` pixels wide (height in proportion), upright, as WebP, without metadata. */
export async function resizeToWebp(bytes: Buffer, width: MediaWidth): Promise<Buffer> {
  return decoder(bytes)
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}
