import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { exportPosts, importPosts } from "../blog/post-transfer.server";
import { createPost, getPostById, updatePost } from "../blog/posts.server";
import { moveInlineImages } from "../media/inline-images.server";
import { adminMediaRouter, mediaRouter } from "./media.server";
import { publicPostsRouter } from "./public-posts-api.server";

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
  });
});
