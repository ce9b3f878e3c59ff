import sharp from "sharp";

/**
 * Real images of a given size, made with sharp: a soft gradient with a little noise, like a
 * photograph, so a smaller copy is really smaller. `orientation` writes an EXIF Orientation tag
 * (6: the camera was turned, the picture is shown rotated a quarter turn).
 */
export async function samplePhoto(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp" = "jpeg",
  orientation?: number,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % 16;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 200) + noise();
      pixels[at + 1] = Math.round((y / height) * 200) + noise();
      pixels[at + 2] = 120 + noise();
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (orientation) image = image.withMetadata({ orientation });
  return image.toFormat(format, format === "png" ? {} : { quality: 90 }).toBuffer();
}

/** An animated GIF of two frames. */
export async function sampleAnimatedGif(width: number, height: number): Promise<Buffer> {
  const frame = (red: number) => sharp({ create: { width, height, channels: 3, background: { r: red, g: 40, b: 40 } } }).raw().toBuffer();
  const frames = Buffer.concat([await frame(200), await frame(40)]);
  return sharp(frames, { raw: { width, height: height * 2, channels: 3, pageHeight: height } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

/** What sharp reads of an image: its format and size. */
export async function imageInfo(bytes: Buffer): Promise<{ format: string; width: number; height: number }> {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}
