import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminToken, startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { throwawaySchema } from "../helpers/test-database";
import { scriptHashSource } from "../../server/http/security-headers.server";

/**
 * The page cache seen from outside, on the built server: a post published through the admin API
 * shows at once on the cached pages of the process that took it, and on a second process sharing
 * the database once its check interval (1 s) has passed; the cache's answers are exact (ETag,
 * 304, HEAD, encodings).
 */

type Pair = { first: BuiltServer; second: BuiltServer; cleanUp?: () => Promise<void> };

async function publish(server: BuiltServer, token: string, slug: string, title: string): Promise<void> {
  const response = await fetch(`${server.url}/api/admin/posts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ slug, title, content: `<p>Body of ${title}</p>`, excerpt: "An excerpt", published: true }),
  });
  expect(response.status).toBe(201);
}

async function page(server: BuiltServer, path: string): Promise<{ status: number; html: string; cacheControl: string | null }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text(), cacheControl: response.headers.get("cache-control") };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sqlitePair(): Promise<Pair> {
  const first = await startBuiltServer();
  // Same SQLite file, same admin password: a second process of the same site.
  const second = await startBuiltServer({ dataDir: first.dataDir, env: { ADMIN_PASSWORD: first.adminPassword } });
  return { first, second };
}

async function postgresPair(url: string): Promise<Pair> {
  const schema = await throwawaySchema(url);
  const env = { DATABASE_URL: schema.databaseUrl };
  const first = await startBuiltServer({ env });
  const second = await startBuiltServer({ env: { ...env, ADMIN_PASSWORD: first.adminPassword } });
  return { first, second, cleanUp: schema.drop };
}

const kinds: [string, () => Promise<Pair>][] = [["SQLite file", sqlitePair]];
if (process.env.TEST_DATABASE_URL) kinds.push(["PostgreSQL", () => postgresPair(process.env.TEST_DATABASE_URL!)]);

describe.each(kinds)("two processes on one %s database", (_kind, start) => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await start();
  });
  afterAll(async () => {
    await pair?.first.stop();
    await pair?.second.stop();
    await pair?.cleanUp?.();
  });

  test("a post published through the admin API is on the cached pages at once, and on the other process within 2 s", async () => {
    const { first, second } = pair;
    const slug = `cached-${crypto.randomBytes(4).toString("hex")}`;
    const title = `Fresh from the editor ${slug}`;
    // Both processes have the pages cached (the second answer of each comes from memory).
    for (const server of [first, second]) {
      for (const path of ["/blog", `/blog/${slug}`]) {
        await page(server, path);
        const cached = await page(server, path);
        expect(cached.html).not.toContain(title);
        expect(cached.cacheControl).toMatch(/^public, /);
      }
    }

    await publish(first, await adminToken(first), slug, title);

    const list = await page(first, "/blog");
    expect(list.html).toContain(title);
    const article = await page(first, `/blog/${slug}`);
    expect(article.status).toBe(200);
    expect(article.html).toContain(`Body of ${title}`);

    // The other process reads changes at most once a second: two seconds on, it must show it.
    await wait(2000);
    expect((await page(second, "/blog")).html).toContain(title);
    const elsewhere = await page(second, `/blog/${slug}`);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.html).toContain(`Body of ${title}`);
  });

  test("a scheduled post appears on both processes' cached pages when its time comes, with no other change", async () => {
    const { first, second } = pair;
    const slug = `scheduled-${crypto.randomBytes(4).toString("hex")}`;
    const title = `Scheduled for later ${slug}`;
    // The time is set once signed in: a login hashes with scrypt, seconds on a busy machine.
    const token = await adminToken(first);
    const publishAt = new Date(Date.now() + 6000);
    const response = await fetch(`${first.url}/api/admin/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ slug, title, content: `<p>Body of ${title}</p>`, published: true, publish_at: publishAt.toISOString() }),
    });
    expect(response.status).toBe(201);
    // Past the other process's check interval: both have heard of the change before caching again.
    await wait(1500);
    for (const server of [first, second]) {
      for (const path of ["/blog", `/blog/${slug}`]) {
        await page(server, path);
        const cached = await page(server, path);
        expect(cached.html).not.toContain(title);
      }
    }

    await wait(Math.max(0, publishAt.getTime() - Date.now()) + 500);
    for (const server of [first, second]) {
      expect((await page(server, "/blog")).html).toContain(title);
      const article = await page(server, `/blog/${slug}`);
      expect(article.status).toBe(200);
      expect(article.html).toContain(`Body of ${title}`);
    }
  });
});

describe("answers from the page cache", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server?.stop());

  test("one strong ETag per encoding, 304 when it matches, HEAD without a body, exact bytes", async () => {
    const identity = await fetch(`${server.url}/about`, { headers: { "accept-encoding": "identity" } });
    const html = await identity.text();
    const etag = identity.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(identity.headers.get("vary")).toContain("Accept-Encoding");
    expect(Number(identity.headers.get("content-length"))).toBe(Buffer.byteLength(html));

    // Node's fetch decodes brotli and gzip: the same page in every encoding.
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${server.url}/about`, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("etag")).not.toBe(etag);
      expect(await response.text()).toBe(html);
    }

    const notModified = await fetch(`${server.url}/about`, { headers: { "if-none-match": etag! } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");

    const head = await fetch(`${server.url}/about`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(head.headers.get("content-length")).toBe(identity.headers.get("content-length"));
  });

  test("a page just rendered is sent compressed fast; the best compression replaces it soon after", async () => {
    const raw = (encoding: string) =>
      new Promise<{ etag: string; bytes: number }>((resolve, reject) => {
        import("node:http").then(({ get }) =>
          get(`${server.url}/terms`, { headers: { "accept-encoding": encoding } }, (answer) => {
            let bytes = 0;
            answer.on("data", (chunk: Buffer) => (bytes += chunk.length));
            answer.on("end", () => resolve({ etag: String(answer.headers.etag), bytes }));
          }).on("error", reject),
        );
      });
    const first = await raw("br");
    expect(first.etag).toMatch(/-br-fast"$/);
    await expect.poll(async () => (await raw("br")).etag, { timeout: 5_000 }).toMatch(/-br"$/);
    const best = await raw("br");
    expect(best.bytes).toBeLessThan(first.bytes);
    expect(best.etag.replace(/-br"$/, "")).toBe(first.etag.replace(/-br-fast"$/, ""));
    // A client holding the fast bytes is told they are still good.
    const revalidated = await fetch(`${server.url}/terms`, { headers: { "accept-encoding": "br", "if-none-match": first.etag } });
    expect(revalidated.status).toBe(304);
    const gzipped = await raw("gzip");
    expect(gzipped.etag).toMatch(/-gz"$/);
  });

  test("the page's modules wait in an inert template until its first paint, allowed by the page's hashes", async () => {
    const response = await fetch(`${server.url}/about`);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain('rel="modulepreload"');
    const template = /<template data-page-modules>([\s\S]*?)<\/template>/.exec(html)?.[1] ?? "";
    expect(template.match(/<link rel="modulepreload"[^>]*>/g)?.length).toBeGreaterThan(3);
    const bootstrap = /<script type="module">([\s\S]*?)<\/script>/.exec(template)?.[1] ?? "";
    expect(bootstrap).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
    // The loader stands where React Router's module script was, and both are allowed by hash.
    const loader = /<script type="module" async="">([\s\S]*?)<\/script><template/.exec(html)?.[1] ?? "";
    expect(loader).toContain('querySelector("body>template[data-page-modules]")');
    const policy = response.headers.get("content-security-policy") ?? "";
    for (const code of [loader, bootstrap]) expect(policy).toContain(scriptHashSource(code));
  });

  test("the query is part of the address, and the not-found page is kept with its 404", async () => {
    const first = await fetch(`${server.url}/no-such-page?x=1`);
    expect(first.status).toBe(404);
    const again = await fetch(`${server.url}/no-such-page?x=1`);
    expect(again.status).toBe(404);
    expect(again.headers.get("cache-control")).toMatch(/^public, /);
    expect((await fetch(`${server.url}/blog?page=2`)).status).toBe(404);
  });

  test("a POST is never answered from the cache", async () => {
    await fetch(`${server.url}/contact`);
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=&email=&message=",
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("etag")).toBeNull();
  });
});

describe("the article is sent once", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server?.stop());

  test("its HTML is in the page once, and the page is at most 1.3 times its size without hydration data", async () => {
    const fixture = JSON.parse(readFileSync("tests/fixtures/article-30k.json", "utf8")) as { html: string; title: string };
    const token = await adminToken(server);
    const created = await fetch(`${server.url}/api/admin/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ slug: "the-long-read", title: fixture.title, content: fixture.html, published: true }),
    });
    expect(created.status).toBe(201);
    const stored = ((await created.json()) as { content: string }).content;

    const response = await fetch(`${server.url}/blog/the-long-read`, { headers: { "accept-encoding": "identity" } });
    const html = await response.text();
    for (const start of [100, 5_000, 20_000]) {
      const probe = stored.slice(start, start + 60);
      expect(html.split(probe).length - 1, probe).toBe(1);
    }

    const gzipped = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ get }) =>
        get(`${server.url}/blog/the-long-read`, { headers: { "accept-encoding": "gzip" } }, (answer) => {
          let bytes = 0;
          answer.on("data", (chunk: Buffer) => (bytes += chunk.length));
          answer.on("end", () => resolve(bytes));
        }).on("error", reject),
      );
    });
    const withoutHydration = html.replace(/<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g, (script) =>
      script.includes("__reactRouter") ? "" : script,
    );
    const bare = zlib.gzipSync(withoutHydration, { level: 9 }).length;
    expect(gzipped / bare).toBeLessThanOrEqual(1.3);
  });
});
