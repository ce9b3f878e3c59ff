import { afterEach, describe, expect, test } from "vitest";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { samplePhoto } from "../../tests/helpers/sample-images";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { MEDIA_LIBRARY_PAGE_SIZE, parseLibraryPage } from "../../domain/media-library";
import { adminMediaRouter } from "./media-api.server";
import { storeImage } from "./media.server";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe("the library's page parameter", () => {
  test("left out is the first page; anything but a whole number from 1 is refused", () => {
    expect(parseLibraryPage(undefined)).toBe(1);
    expect(parseLibraryPage("3")).toBe(3);
    for (const bad of ["0", "-1", "1.5", "two", "", ["1", "2"], "1e3"]) expect(parseLibraryPage(bad)).toBeUndefined();
  });
});

describe.each(testDatabaseKinds)("the media library over HTTP on %s", (kind) => {
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
    const api = await serveApi(services, [], { beforeJsonBody: [adminMediaRouter(services)] });
    cleanups.push(api.close);
    const { token } = (await login(database.db, "correct horse battery staple"))!;
    const auth = { authorization: `Bearer ${token}` };
    const list = (query = "", headers: Record<string, string> = auth) => fetch(`${api.url}/admin/media${query}`, { headers });
    const upload = async (bytes: Buffer) => {
      const response = await fetch(`${api.url}/admin/media`, { method: "POST", headers: { ...auth, "content-type": "application/octet-stream" }, body: new Uint8Array(bytes) });
      expect(response.status).toBe(201);
      return ((await response.json()) as { url: string }).url;
    };
    return { db: database.db, list, upload };
  }

  test("needs the admin", async () => {
    const { list } = await start();
    const response = await list("", {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required" });
  });

  test("lists the uploads newest first, with address, thumbnail, size, bytes and time", async () => {
    const { list, upload } = await start();
    const empty = await list();
    expect(empty.status).toBe(200);
    expect(empty.headers.get("cache-control")).toBe("no-store");
    expect(await empty.json()).toEqual({ items: [], page: 1, totalPages: 1, total: 0 });

    const photo = await samplePhoto(1200, 800, "png");
    const first = await upload(photo);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await upload(PNG);
    // The same bytes again: still one image.
    await upload(PNG);

    const body = await (await list()).json();
    expect(body).toMatchObject({ page: 1, totalPages: 1, total: 2 });
    expect(body.items).toEqual([
      { url: second, thumbnail_url: second, content_type: "image/png", width: 1, height: 1, size: PNG.length, created_at: expect.any(String) },
      {
        url: first,
        // Its smallest WebP copy, made on request like the others.
        thumbnail_url: first.replace(/\.png$/, "-480w.webp"),
        content_type: "image/png",
        width: 1200,
        height: 800,
        size: photo.length,
        created_at: expect.any(String),
      },
    ]);
    expect(Date.parse(body.items[0].created_at)).toBeGreaterThan(Date.parse(body.items[1].created_at));
  });

  test("pages through the library; a bad page is a 400 naming it, a page past the end the last", async () => {
    const { db, list } = await start();
    const count = MEDIA_LIBRARY_PAGE_SIZE + 2;
    for (let index = 0; index < count; index += 1) {
      // Distinct bytes, each with a time of its own.
      const stored = await storeImage(db, Buffer.concat([PNG, Buffer.from([index])]));
      if (!stored.ok) throw new Error(stored.error);
      await db.updateTable("blog_media").set({ created_at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() }).where("sha256", "=", stored.sha256).execute();
    }
    const one = await (await list()).json();
    expect(one).toMatchObject({ page: 1, totalPages: 2, total: count });
    expect(one.items).toHaveLength(MEDIA_LIBRARY_PAGE_SIZE);
    expect(one.items[0].created_at).toBe(new Date(Date.UTC(2026, 0, 1, 0, count - 1)).toISOString());
    const two = await (await list("?page=2")).json();
    expect(two).toMatchObject({ page: 2, totalPages: 2, total: count });
    expect(two.items.map((item: { created_at: string }) => item.created_at)).toEqual([
      new Date(Date.UTC(2026, 0, 1, 0, 1)).toISOString(),
      new Date(Date.UTC(2026, 0, 1, 0, 0)).toISOString(),
    ]);
    const seen = new Set([...one.items, ...two.items].map((item: { url: string }) => item.url));
    expect(seen.size).toBe(count);
    expect((await (await list("?page=9")).json()).page).toBe(2);

    const bad = await list("?page=zero");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "page must be a whole number of at least 1", fields: { page: "page must be a whole number of at least 1" } });
  });
});
