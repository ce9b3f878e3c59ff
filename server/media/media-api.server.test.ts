import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { exportPosts, importPosts } from "../blog/post-transfer.server";
import { createPost, getPostById, updatePost } from "../blog/posts.server";
import { getPublishedArticle } from "../blog/public-posts.server";
import * as blogMediaVariants from "../db/migrations/0028-blog-media-variants";
import type { BlogMediaTable } from "../db/schema";
import { moveInlineImages } from "./inline-images.server";
import { storeImage } from "./media.server";
import { readVariant } from "./media-variants.server";
import { imageInfo, sampleAnimatedGif, samplePhoto } from "../../tests/helpers/sample-images";
import { adminMediaRouter, mediaRouter } from "./media-api.server";
import { publicPostsRouter } from "../blog/public-posts-api.server";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([4, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");

describe.each(testDatabaseKinds)("image uploads and slug redirects over HTTP on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  let database: TestDatabase | undefined;
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    database = undefined;
  });

  async function start() {
    database = await createTestDatabase(kind);
    cleanups.push(() => database!.destroy());
    await ensureAdminPassword(database.db, "correct horse battery staple");
    const services = testServices(database.db);
    const api = await serveApi(services, [publicPostsRouter(services)], { beforeJsonBody: [adminMediaRouter(services)] });
    cleanups.push(api.close);
    const app = express().use(mediaRouter(services));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { token } = (await login(database.db, "correct horse battery staple"))!;
    const upload = (body: Buffer, auth: string | null = token, type = "application/octet-stream") =>
      fetch(`${api.url}/admin/media`, {
        method: "POST",
        headers: { "content-type": type, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
        body: new Uint8Array(body),
      });
    return { db: database.db, api: api.url, site, upload };
  }

  test("uploads need the admin; the type comes from the bytes; refusals say why", async () => {
    const { upload } = await start();
    const anonymous = await upload(PNG, null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Authentication required" });

    for (const [bytes, extension] of [[PNG, "png"], [JPEG, "jpg"], [WEBP, "webp"], [GIF, "gif"]] as const) {
      // The declared type is ignored: a PNG sent as text is still a PNG.
      const response = await upload(bytes, undefined, "text/plain");
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ url: expect.stringMatching(new RegExp(`^/media/[a-f0-9]{64}\\.${extension}$`)) });
    }
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), undefined, "image/png");
    expect(svg.status).toBe(415);
    expect(await svg.json()).toEqual({ error: "Only PNG, JPEG, WebP and GIF images can be uploaded." });
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const huge = await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "Images can be at most 5 MB." });
  });

  test("an image is served by its content hash, immutable and nosniff; one upload twice is one image", async () => {
    const { upload, site, db } = await start();
    const first = (await (await upload(PNG)).json()) as { url: string };
    const again = (await (await upload(PNG)).json()) as { url: string };
    expect(again.url).toBe(first.url);
    expect(Number((await db.selectFrom("blog_media").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(1);

    const served = await fetch(`${site}${first.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const revalidated = await fetch(`${site}${first.url}`, { headers: { "if-none-match": served.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
    // Another extension, an unknown hash or a malformed name: nothing there.
    for (const path of [first.url.replace(".png", ".gif"), `/media/${"0".repeat(64)}.png`, "/media/..%2Fsite.db"]) {
      expect((await fetch(`${site}${path}`)).status).toBe(404);
    }
  });

  test("GET /api/posts/:slug answers 301 to the renamed post's API address", async () => {
    const { api, db } = await start();
    const created = await createPost(db, { title: "Old", slug: "old-name", published: true });
    if (!created.ok) throw new Error("not created");
    await updatePost(db, created.post.id, { slug: "new-name" });
    const response = await fetch(`${api}/posts/old-name`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/api/posts/new-name");
    const followed = await fetch(`${api}/posts/old-name`);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toMatchObject({ slug: "new-name", title: "Old" });
    expect((await fetch(`${api}/posts/never-was`, { redirect: "manual" })).status).toBe(404);
  });

  test("move-inline-images moves base64 images out; export and import carry the images", async () => {
    const { db, site } = await start();
    const inline = `data:image/png;base64,${PNG.toString("base64")}`;
    const created = await createPost(db, { title: "Inline", slug: "inline", content: `<p>a<img src="${inline}">b<img src="${inline}"></p>` });
    if (!created.ok) throw new Error("not created");
    expect(await moveInlineImages(db)).toEqual({ posts: 1, images: 2, kept: 0 });
    const moved = await getPostById(db, created.post.id);
    expect(moved?.content.match(/<img src="\/media\/[a-f0-9]{64}\.png"/g)).toHaveLength(2);
    expect(moved?.content).not.toContain("data:");
    const url = /\/media\/[a-f0-9]{64}\.png/.exec(moved!.content)![0];
    expect((await fetch(`${site}${url}`)).status).toBe(200);
    expect(await moveInlineImages(db)).toEqual({ posts: 0, images: 0, kept: 0 });

    const exported = await exportPosts(db);
    expect(exported.media).toHaveLength(1);
    const other = await createTestDatabase(kind);
    cleanups.push(() => other.destroy());
    const result = await importPosts(other.db, JSON.parse(JSON.stringify(exported)));
    expect(result.created).toEqual(["inline"]);
    const copied = await other.db.selectFrom("blog_media").selectAll().executeTakeFirstOrThrow();
    expect(url).toBe(`/media/${copied.sha256}.png`);
    expect(Buffer.from(copied.data)).toEqual(PNG);
    // Measured again on import; the smaller copies are not in the file and are made on request.
    expect(copied).toMatchObject({ width: 1, height: 1, animated: 0 });
  });

  test("smaller copies: the fixed widths, as WebP, smaller than the original, cached like it", async () => {
    const { upload, site, db } = await start();
    const photo = await samplePhoto(1800, 1000);
    const { url } = (await (await upload(photo)).json()) as { url: string };
    const sha = url.slice("/media/".length, -".jpg".length);
    for (const width of [480, 960, 1600]) {
      const response = await fetch(`${site}/media/${sha}-${width}w.webp`);
      expect(response.status, `${width}w`).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("etag")).toBe(`"${sha}-${width}w"`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(await imageInfo(bytes)).toEqual({ format: "webp", width, height: Math.round((1000 * width) / 1800) });
      expect(bytes.length).toBeLessThan(photo.length);
      const again = await fetch(`${site}/media/${sha}-${width}w.webp`, { headers: { "if-none-match": `"${sha}-${width}w"` } });
      expect(again.status).toBe(304);
      expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    // Made once, then read back.
    const rows = await db.selectFrom("blog_media_variants").select(["sha256", "width", "size"]).orderBy("width").execute();
    expect(rows.map((row) => [row.sha256, row.width])).toEqual([[sha, 480], [sha, 960], [sha, 1600]]);
    const stored = await fetch(`${site}/media/${sha}-960w.webp`);
    expect(Number(stored.headers.get("content-length"))).toBe(rows[1]!.size);

    // Any other width, format or spelling, or an unknown image: nothing there.
    for (const path of [
      `/media/${sha}-500w.webp`,
      `/media/${sha}-2000w.webp`,
      `/media/${sha}-0480w.webp`,
      `/media/${sha}-480w.jpg`,
      `/media/${sha}-480w.WEBP`,
      `/media/${sha}-480.webp`,
      `/media/${"0".repeat(64)}-480w.webp`,
    ]) {
      expect((await fetch(`${site}${path}`)).status, path).toBe(404);
    }
    expect(Number((await db.selectFrom("blog_media_variants").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(3);
  });

  test("only copies narrower than the original; none for GIFs or images that do not decode; upright by EXIF", async () => {
    const { upload, site, db } = await start();
    const urlOf = async (bytes: Buffer) => ((await (await upload(bytes)).json()) as { url: string }).url;
    const variant = (url: string, width: number) => fetch(`${site}${url.replace(/\.\w+$/, `-${width}w.webp`)}`);

    const narrow = await urlOf(await samplePhoto(700, 500, "png"));
    expect((await variant(narrow, 480)).status).toBe(200);
    expect((await variant(narrow, 960)).status).toBe(404);
    expect((await variant(narrow, 1600)).status).toBe(404);

    const animated = await urlOf(await sampleAnimatedGif(1000, 600));
    const broken = await urlOf(Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(4000, 7)]));
    for (const url of [animated, broken]) {
      expect((await fetch(`${site}${url}`)).status, url).toBe(200);
      expect((await variant(url, 480)).status, url).toBe(404);
    }

    // Taken with the camera turned: 1200×800 pixels shown 800×1200, and the copy is upright.
    const turned = await urlOf(await samplePhoto(1200, 800, "jpeg", 6));
    const copy = Buffer.from(await (await variant(turned, 480)).arrayBuffer());
    expect(await imageInfo(copy)).toEqual({ format: "webp", width: 480, height: 720 });

    const sizes = await db.selectFrom("blog_media").select(["extension", "width", "height", "animated"]).orderBy("extension").execute();
    expect(sizes).toEqual(
      expect.arrayContaining([
        { extension: "gif", width: 1000, height: 600, animated: 1 },
        { extension: "jpg", width: 800, height: 1200, animated: 0 },
        { extension: "png", width: 700, height: 500, animated: 0 },
        { extension: "png", width: null, height: null, animated: 0 },
      ]),
    );
  });

  test("simultaneous first requests make each copy once, several images at a time", async () => {
    const { upload, site, db } = await start();
    const first = ((await (await upload(await samplePhoto(1000, 700))).json()) as { url: string }).url;
    const second = ((await (await upload(await samplePhoto(1100, 500, "png"))).json()) as { url: string }).url;
    const copy = (url: string, width: number) => url.replace(/\.\w+$/, `-${width}w.webp`);
    const paths = [...Array.from({ length: 6 }, () => copy(first, 960)), copy(first, 480), copy(second, 480), copy(second, 960)];
    const answers = await Promise.all(paths.map((path) => fetch(`${site}${path}`)));
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    expect(answers.map((answer) => answer.status)).toEqual(paths.map(() => 200));
    for (const body of bodies.slice(1, 6)) expect(body.equals(bodies[0]!)).toBe(true);
    expect(Number((await db.selectFrom("blog_media_variants").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(4);
  });

  test("an image whose header reads but whose pixels do not decode has no copies, and is tried once", async () => {
    const { db } = await start();
    const png = await samplePhoto(1000, 800, "png");
    // Random bytes after the end make it an image of its own (failures are remembered per process).
    const damaged = Buffer.concat([Buffer.from(png).fill(0, png.length >> 1, (png.length >> 1) + 4000), crypto.randomBytes(8)]);
    const stored = await storeImage(db, damaged);
    if (!stored.ok) throw new Error("not stored");
    const warnings: unknown[] = [];
    const logger = { warn: (details: unknown) => void warnings.push(details) };
    expect(await readVariant(db, stored.sha256, 480, logger)).toBeUndefined();
    expect(await readVariant(db, stored.sha256, 480, logger)).toBeUndefined();
    expect(warnings).toEqual([expect.objectContaining({ sha256: stored.sha256, width: 480 })]);
    expect(await db.selectFrom("blog_media_variants").selectAll().execute()).toEqual([]);
  });

  test("articles give their uploaded images a srcset of this site's copies, never to other images", async () => {
    const { upload, site, api, db } = await start();
    const urlOf = async (bytes: Buffer) => ((await (await upload(bytes)).json()) as { url: string }).url;
    const photo = await urlOf(await samplePhoto(1800, 1000));
    const small = await urlOf(await samplePhoto(300, 200, "png"));
    const animated = await urlOf(await sampleAnimatedGif(800, 400));
    const sha = photo.slice("/media/".length, -".jpg".length);
    const external = `https://images.example/media/${sha}.jpg`;
    const created = await createPost(db, {
      title: "Pictures",
      slug: "pictures",
      published: true,
      featured_image_url: photo,
      author_avatar_url: external,
      content: [
        `<p><img src="${photo}" alt="Photo" srcset="https://evil.example/a.png 480w" sizes="1px" width="1"></p>`,
        `<p><img src="${external}" srcset="https://evil.example/b.png 2x"><img src="${small}"><img src="${animated}"></p>`,
        `<p><img src="https://evil.example${photo}"><img src="${photo}?x=1"></p>`,
      ].join(""),
    });
    if (!created.ok) throw new Error("not created");
    // What is stored (and what the editor gets back) has no srcset, sizes or dimensions.
    expect((await getPostById(db, created.post.id))?.content).not.toMatch(/srcset|sizes|width=|evil.example\/[ab]/);

    const srcset = [480, 960, 1600].map((width) => `/media/${sha}-${width}w.webp ${width}w`).concat(`${photo} 1800w`).join(", ");
    const article = await getPublishedArticle(db, "pictures");
    expect(article?.post.content).toBe(
      [
        `<p><img src="${photo}" alt="Photo" width="1800" height="1000" srcset="${srcset}" sizes="(min-width: 48rem) 45rem, calc(100vw - 2rem)" /></p>`,
        `<p><img src="${external}" /><img src="${small}" width="300" height="200" /><img src="${animated}" width="800" height="400" /></p>`,
        `<p><img src="https://evil.example${photo}" /><img src="${photo}?x=1" /></p>`,
      ].join(""),
    );
    expect(article?.post).toMatchObject({ featured_image_srcset: srcset, author_avatar_srcset: null });
    for (const candidate of srcset.split(", ")) {
      const response = await fetch(`${site}${candidate.split(" ")[0]}`);
      expect(response.status, candidate).toBe(200);
    }

    // The public API carries the same, in the list and for the post.
    const list = (await (await fetch(`${api}/posts`)).json()) as { posts: Record<string, unknown>[] };
    expect(list.posts[0]).toMatchObject({ featured_image_srcset: srcset, author_avatar_srcset: null });
    const one = (await (await fetch(`${api}/posts/pictures`)).json()) as { content: string };
    expect(one.content).toContain(`srcset="${srcset}"`);
  });

  test("migration 0028 measures the images stored before it", async () => {
    const { db } = await start();
    // The database as it was before 0028, holding one image that decodes and one that does not.
    const before = db as unknown as Kysely<{ blog_media: Omit<BlogMediaTable, "width" | "height" | "animated"> }>;
    const migrating = db as unknown as Kysely<unknown>;
    await blogMediaVariants.down(migrating);
    const photo = await samplePhoto(640, 480, "webp");
    const sha256 = crypto.createHash("sha256").update(photo).digest("hex");
    const row = { extension: "webp", content_type: "image/webp", size: photo.length, created_at: new Date().toISOString() };
    await before.insertInto("blog_media").values({ ...row, sha256, data: photo }).execute();
    await before.insertInto("blog_media").values({ ...row, sha256: "f".repeat(64), data: Buffer.from("RIFF0000WEBPjunk") }).execute();
    await blogMediaVariants.up(migrating);
    const measured = await db.selectFrom("blog_media").select(["sha256", "width", "height", "animated"]).orderBy("sha256").execute();
    expect(measured).toEqual(
      [
        { sha256, width: 640, height: 480, animated: 0 },
        { sha256: "f".repeat(64), width: null, height: null, animated: 0 },
      ].sort((a, b) => a.sha256.localeCompare(b.sha256)),
    );
  });
});
