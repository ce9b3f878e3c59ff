import { describe, expect, test } from "vitest";
import { createPageStore, pageBytes, type StoredPage } from "./page-store.server";

function storedPage(size: number, tags: string[] = [], expiresAt?: number): StoredPage {
  const bytes = Buffer.alloc(size, 97);
  return { status: 200, head: { br: [], gzip: [], identity: [] }, notModified: [], identity: bytes, gzip: Buffer.alloc(10), br: Buffer.alloc(8), hash: "h", tags, expiresAt };
}

describe("the page store", () => {
  test("stays within its bytes, evicting the least recently used page first", () => {
    const one = pageBytes("/a", storedPage(1000));
    const store = createPageStore(one * 3);
    store.set("/a", storedPage(1000));
    store.set("/b", storedPage(1000));
    store.set("/c", storedPage(1000));
    expect(store.get("/a")).toBeDefined(); // now the most recent
    store.set("/d", storedPage(1000));
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/a")).toBeDefined();
    expect(store.get("/c")).toBeDefined();
    expect(store.get("/d")).toBeDefined();
    expect(store.bytes).toBeLessThanOrEqual(one * 3);
    expect(store.size).toBe(3);
  });

  test("never keeps a page larger than the whole store", () => {
    const store = createPageStore(500);
    store.set("/big", storedPage(1000));
    expect(store.get("/big")).toBeUndefined();
    expect(store.bytes).toBe(0);
  });

  test("drops exactly the pages carrying a changed tag, and pages past their expiry", () => {
    const store = createPageStore(1_000_000);
    store.set("/blog", storedPage(10, ["posts"]));
    store.set("/blog/a", storedPage(10, ["post:a"]));
    store.set("/blog/b", storedPage(10, ["post:b"]));
    store.set("/security", storedPage(10, [], 5_000));
    store.invalidate(["posts", "post:a"]);
    expect(store.get("/blog")).toBeUndefined();
    expect(store.get("/blog/a")).toBeUndefined();
    expect(store.get("/blog/b")).toBeDefined();
    expect(store.get("/security", 4_999)).toBeDefined();
    expect(store.get("/security", 5_000)).toBeUndefined();
    store.invalidate("all");
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  test("counts the not-found answers it holds, through eviction and invalidation", () => {
    const store = createPageStore(1_000_000);
    const notFound = { ...storedPage(10, ["post:gone"]), status: 404 };
    store.set("/blog/gone", notFound);
    store.set("/nowhere", { ...storedPage(10), status: 404 });
    store.set("/nowhere", { ...storedPage(10), status: 404 });
    store.set("/about", storedPage(10));
    expect(store.notFoundPages).toBe(2);
    store.invalidate(["post:gone"]);
    expect(store.notFoundPages).toBe(1);
    store.invalidate("all");
    expect(store.notFoundPages).toBe(0);
  });

  test("pages of a bounded share evict their own kind first: a stream of them never pushes the site's pages out (decision 172)", () => {
    const one = pageBytes("/blog/search?q=x000", storedPage(1000));
    const store = createPageStore(one * 8, { search: 0.25 });
    for (const path of ["/", "/about", "/blog", "/blog/a", "/blog/b"]) store.set(path, storedPage(1000));
    for (let index = 0; index < 500; index += 1) {
      store.set(`/blog/search?q=x${String(index).padStart(3, "0")}`, { ...storedPage(1000), share: "search" });
      expect(store.sharedBytes("search")).toBeLessThanOrEqual(one * 2);
    }
    for (const path of ["/", "/about", "/blog", "/blog/a", "/blog/b"]) expect(store.get(path), path).toBeDefined();
    // The newest results are kept, least recently used first out; a hit keeps one in.
    expect(store.get("/blog/search?q=x499")).toBeDefined();
    expect(store.get("/blog/search?q=x498")).toBeDefined();
    expect(store.get("/blog/search?q=x497")).toBeUndefined();
    store.get("/blog/search?q=x498");
    store.set("/blog/search?q=new", { ...storedPage(1000), share: "search" });
    expect(store.get("/blog/search?q=x498")).toBeDefined();
    expect(store.get("/blog/search?q=x499")).toBeUndefined();
    store.invalidate("all");
    expect(store.sharedBytes("search")).toBe(0);
  });

  test("a page larger than its share is not kept, and replacing a page keeps its share's bytes exact", () => {
    const store = createPageStore(100_000, { search: 0.03 });
    store.set("/blog/search?q=big", { ...storedPage(5000), share: "search" });
    expect(store.get("/blog/search?q=big")).toBeUndefined();
    const small = { ...storedPage(100), share: "search" };
    store.set("/blog/search?q=small", small);
    const smaller = { ...storedPage(50), share: "search" };
    expect(store.replace("/blog/search?q=small", small, smaller)).toBe(true);
    expect(store.sharedBytes("search")).toBe(pageBytes("/blog/search?q=small", smaller));
    store.invalidate(["posts"]);
    expect(store.sharedBytes("search")).toBe(pageBytes("/blog/search?q=small", smaller));
  });
});
