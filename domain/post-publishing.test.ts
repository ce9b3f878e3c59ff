import { describe, expect, test } from "vitest";
import { isMediaPath, sniffImageType } from "./media";
import { postStatus } from "./post-publishing";
import { safeImageSrc } from "./editor-content";

describe("post status", () => {
  const now = new Date("2030-01-01T10:00:00.000Z");
  test("draft, scheduled until its time, then published", () => {
    expect(postStatus({ published: false, publish_at: "2030-01-02T00:00:00.000Z" }, now)).toBe("draft");
    expect(postStatus({ published: true, publish_at: "2030-01-01T10:00:01.000Z" }, now)).toBe("scheduled");
    expect(postStatus({ published: true, publish_at: "2030-01-01T10:00:00.000Z" }, now)).toBe("published");
    expect(postStatus({ published: true, publish_at: null }, now)).toBe("published");
  });
});

describe("uploaded images", () => {
  test("types come from the magic bytes only", () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpg");
    expect(sniffImageType(new TextEncoder().encode("GIF89a...."))).toBe("gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF\u0001\u0000\u0000\u0000WEBPVP8 "))).toBe("webp");
    expect(sniffImageType(new TextEncoder().encode("RIFF\u0001\u0000\u0000\u0000WAVEfmt "))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(sniffImageType(bytes())).toBeUndefined();
  });

  test("only this site's hashed addresses count as uploaded images, in the editor too", () => {
    const hash = "a".repeat(64);
    expect(isMediaPath(`/media/${hash}.png`)).toBe(true);
    for (const other of [`/media/${hash}.svg`, `/media/${hash.slice(1)}.png`, `//evil.example/media/${hash}.png`, `/media/${hash}.png?x`]) {
      expect(isMediaPath(other)).toBe(false);
    }
    expect(safeImageSrc(`/media/${hash}.webp`)).toBe(`/media/${hash}.webp`);
    expect(safeImageSrc("/etc/passwd")).toBe("//:0");
  });
});
