import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminToken, startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { rawRequest } from "../helpers/raw-http";

/**
 * One address per page (decision 140), on the built server: every other spelling of a page's
 * address is sent to it and never kept under its own, so a post taken down is gone at all of
 * them, and no spelling of a private page is ever public-cacheable.
 */

type Answer = { status: number; location: string | undefined; cacheControl: string | undefined; text: string };

/** GET with the path exactly as written (fetch would resolve dot segments first). */
function getAsWritten(base: string, path: string, encoding: "gzip" | "identity"): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path, headers: { "accept-encoding": encoding }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const gzipped = response.headers["content-encoding"] === "gzip";
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            cacheControl: response.headers["cache-control"],
            text: (gzipped ? zlib.gunzipSync(body) : body).toString("utf8"),
          });
        });
      })
      .on("error", reject);
  });
}

/** Each answer on the way from `path` to where its redirects end (at most three). */
async function follow(base: string, path: string, encoding: "gzip" | "identity"): Promise<Answer[]> {
  const answers = [await getAsWritten(base, path, encoding)];
  while (answers.at(-1)!.location && answers.length < 4) {
    answers.push(await getAsWritten(base, new URL(answers.at(-1)!.location!, base).pathname, encoding));
  }
  return answers;
}

const spellings = (slug: string) => [
  `/blog/${slug}`,
  `/BLOG/${slug}`,
  `/Blog/${slug}`,
  `/%62log/${slug}`,
  `/x/../blog/${slug}`,
  `/blog/./${slug}`,
  `/blog//${slug}`,
  `/blog/${slug}/`,
  `/blog/%2e/${slug}`,
];

async function admin(server: BuiltServer, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/api/admin${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("one address per page", () => {
  let server: BuiltServer;
  let token: string;
  beforeAll(async () => {
    server = await startBuiltServer();
    token = await adminToken(server);
  });
  afterAll(() => server?.stop());

  const takedowns: [string, (id: number, slug: string) => Promise<void>][] = [
    ["deleted", async (id) => void expect((await admin(server, token, "DELETE", `/posts/${id}`)).status).toBe(204)],
    ["unpublished", async (id) => void expect((await admin(server, token, "PATCH", `/posts/${id}`, { published: false })).status).toBe(200)],
    [
      "renamed",
      async (id, slug) => void expect((await admin(server, token, "PATCH", `/posts/${id}`, { slug: `${slug}-renamed`, content: "<p>Rewritten.</p>" })).status).toBe(200),
    ],
  ];

  test.each(takedowns)("a post %s is gone at every spelling of its address, gzip and identity alike", async (_how, takeDown) => {
    const slug = `takedown-${crypto.randomBytes(4).toString("hex")}`;
    const secret = `Text to retract ${slug}`;
    const created = await admin(server, token, "POST", "/posts", { slug, title: `Post ${slug}`, content: `<p>${secret}</p>`, published: true });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // While public, every spelling is loaded twice (so that any cache holds what it answers).
    for (const path of spellings(slug)) {
      for (const encoding of ["gzip", "identity"] as const) {
        for (let round = 0; round < 2; round += 1) await follow(server.url, path, encoding);
      }
    }
    expect((await getAsWritten(server.url, `/blog/${slug}`, "gzip")).text).toContain(secret);

    await takeDown(id, slug);

    for (const path of spellings(slug)) {
      for (const encoding of ["gzip", "identity"] as const) {
        for (const answer of await follow(server.url, path, encoding)) expect(answer.text, `${path} (${encoding})`).not.toContain(secret);
      }
    }
  });

  test("only the canonical address answers with the page; every other spelling is one redirect to it", async () => {
    const slug = `spelled-${crypto.randomBytes(4).toString("hex")}`;
    expect((await admin(server, token, "POST", "/posts", { slug, title: `Post ${slug}`, content: "<p>Spelled.</p>", published: true })).status).toBe(201);
    for (const path of [...spellings(slug), `/%62LOG/${slug.toUpperCase()}`, `/Blog/${slug}/../${slug}`]) {
      const answers = await follow(server.url, path, "identity");
      if (path === `/blog/${slug}`) {
        expect(answers.map((answer) => answer.status), path).toEqual([200]);
      } else {
        expect(answers.map((answer) => answer.status), path).toEqual([301, 200]);
        expect(answers[0]!.location, path).toBe(`/blog/${slug}`);
      }
    }
  });

  test("the admin area, previews, the API and data requests are never public-cacheable, whatever the spelling", async () => {
    const paths = [
      "/admin/login",
      "/ADMIN/login",
      "/Admin/blog",
      "/%61dmin/blog",
      "/x/../admin/login",
      "/admin/./login",
      "/admin//blog",
      "/admin/login/",
      "/admin/blog/new",
      "/ADMIN/BLOG/NEW",
      "/admin/messages",
      "/Admin/Reports",
      "/preview/not-a-real-token",
      "/PREVIEW/not-a-real-token",
      "/%70review/not-a-real-token",
      "/api/posts",
      "/API/posts",
      "/%61pi/posts",
      "/blog.data",
      "/admin/blog.data",
      "/__manifest",
    ];
    for (const path of paths) {
      for (let round = 0; round < 2; round += 1) {
        for (const answer of await follow(server.url, path, "gzip")) {
          expect(answer.cacheControl ?? "", `${path}: ${answer.status}`).not.toMatch(/public/);
        }
      }
    }
  });

  test("a renamed post's old address sends its campaign tags along to the new one", async () => {
    const slug = `moved-${crypto.randomBytes(4).toString("hex")}`;
    const created = await admin(server, token, "POST", "/posts", { slug, title: `Post ${slug}`, content: "<p>Moving.</p>", published: true });
    const { id } = (await created.json()) as { id: number };
    expect((await admin(server, token, "PATCH", `/posts/${id}`, { slug: `${slug}-new` })).status).toBe(200);
    const answer = await getAsWritten(server.url, `/blog/${slug}?utm_source=ads&utm_campaign=spring&ref=x`, "identity");
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(`/blog/${slug}-new?utm_source=ads&utm_campaign=spring&ref=x`);
  });

  test("a moved page's old address sends its campaign tags along to the new one", async () => {
    const path = `/webinar-${crypto.randomBytes(4).toString("hex")}`;
    const blocks = [{ id: "intro", type: "rich_text", html: "<p>Join us.</p>" }];
    const created = await admin(server, token, "POST", "/pages", { path, title: "Webinar", blocks });
    const { id } = (await created.json()) as { id: string };
    expect((await admin(server, token, "POST", `/pages/${id}/publish`, {})).status).toBe(200);
    expect((await getAsWritten(server.url, path, "identity")).status).toBe(200);
    expect((await admin(server, token, "PATCH", `/pages/${id}`, { path: `${path}-live` })).status).toBe(200);
    expect((await admin(server, token, "POST", `/pages/${id}/publish`, {})).status).toBe(200);
    for (let round = 0; round < 2; round += 1) {
      const answer = await getAsWritten(server.url, `${path}?utm_source=ads&utm_campaign=round-${round}`, "identity");
      expect(answer.status).toBe(301);
      expect(answer.location).toBe(`${path}-live?utm_source=ads&utm_campaign=round-${round}`);
    }
  });

  test("a redirect keeps the query; values a page does not take are one address", async () => {
    const redirected = await getAsWritten(server.url, "/ABOUT?utm_source=news", "identity");
    expect(redirected.status).toBe(301);
    expect(redirected.location).toBe("/about?utm_source=news");
    expect(redirected.cacheControl).toMatch(/^public, /);

    const etag = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "identity" } })).headers.get("etag");
    const contact = await etag("/contact");
    expect(contact).toBeTruthy();
    for (const junk of ["/contact?sent=2", "/contact?sent=", "/contact?sent=yes&utm_medium=x"]) expect(await etag(junk), junk).toBe(contact);
    expect(await etag("/contact?sent=1")).not.toBe(contact);
    // The list's page number has one address for page 1 and for numbers it does not take.
    for (const junk of ["/blog?page=1", "/blog?page=0", "/blog?page=abc&utm_source=x", "/blog?page=-2"]) {
      const answer = await getAsWritten(server.url, junk, "identity");
      expect(answer.status, junk).toBe(301);
      expect(answer.location, junk).toBe(junk.includes("utm_source") ? "/blog?utm_source=x" : "/blog");
    }
  });
});

describe("page numbers past the end of the list", () => {
  test("are one 404 while they are past it, and pages again once posts fill them", async () => {
    const server = await startBuiltServer();
    try {
      for (const page of [3, 2, 7, 40, 123456789, 8]) expect((await fetch(`${server.url}/blog?page=${page}`)).status, String(page)).toBe(404);
      const token = await adminToken(server);
      for (let index = 0; index < 30; index += 1) {
        const slug = `filler-${index}-${crypto.randomBytes(3).toString("hex")}`;
        expect((await admin(server, token, "POST", "/posts", { slug, title: `Filler ${index}`, content: "<p>Filler.</p>", published: true })).status).toBe(201);
      }
      expect((await fetch(`${server.url}/blog?page=2`)).status).toBe(200);
      expect((await fetch(`${server.url}/blog?page=3`)).status).toBe(200);
      expect((await fetch(`${server.url}/blog?page=7`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe("what the logs and the listener give away", () => {
  test("a preview link's token never reaches the access log, whatever the spelling", async () => {
    const server = await startBuiltServer({ env: { LOG_LEVEL: "info" }, keepOutput: true });
    try {
      const token = crypto.randomBytes(24).toString("base64url");
      for (const path of [`/preview/${token}`, `/Preview/${token}`, `/x/../preview/${token}`, `/%70review/${token}`, `/preview/${token}.data`, `/preview/${token}?x=1`]) {
        await getAsWritten(server.url, path, "identity");
      }
      await fetch(`${server.url}/about`);
      // The log is written asynchronously: wait for the last request's line.
      await expect.poll(() => server.output(), { timeout: 5_000 }).toContain('"url":"/about"');
      expect(server.output()).not.toContain(token);
      expect(server.output().match(/"url":"\/preview\/\[redacted\]"/g)?.length).toBe(6);
    } finally {
      await server.stop();
    }
  });

  test("an absolute-form request target is answered as its path, and its token reaches no log", async () => {
    const server = await startBuiltServer({ env: { LOG_LEVEL: "info" }, keepOutput: true });
    try {
      const caseToken = crypto.randomBytes(32).toString("base64url");
      const previewToken = crypto.randomBytes(24).toString("base64url");
      const { host } = new URL(server.url);
      const targets = [
        `http://${host}/security/case/${caseToken}`,
        `http://${host}/api/security/case/${caseToken}`,
        `http://${host}//security//case/${caseToken}`,
        `HTTP://${host}/%73ecurity/case/${caseToken}?x=1`,
        `http://${host}/preview/${previewToken}`,
        `http://${host}/Preview/${previewToken}.data`,
      ];
      for (const path of targets) {
        const status = await rawRequest(server.url, { method: "GET", path, headers: { host } });
        expect([200, 301, 404], path).toContain(status);
      }
      await fetch(`${server.url}/about`);
      await expect.poll(() => server.output(), { timeout: 5_000 }).toContain('"url":"/about"');
      expect(server.output()).not.toContain(caseToken);
      expect(server.output()).not.toContain(previewToken);
      expect(server.output()).not.toMatch(/"level":50/);
    } finally {
      await server.stop();
    }
  });

  test("X-Forwarded-For from an address that is not trusted is ignored, with one warning", async () => {
    const server = await startBuiltServer({ env: { LOG_LEVEL: "warn" }, keepOutput: true });
    try {
      for (let round = 0; round < 3; round += 1) {
        await fetch(`${server.url}/api/posts`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      }
      await expect.poll(() => server.output(), { timeout: 5_000 }).toContain("X-Forwarded-For came from an address TRUST_PROXY does not trust");
      expect(server.output().split("X-Forwarded-For came from").length - 1).toBe(1);
    } finally {
      await server.stop();
    }
    const behindProxy = await startBuiltServer({ env: { LOG_LEVEL: "warn", TRUST_PROXY: "loopback" }, keepOutput: true });
    try {
      await fetch(`${behindProxy.url}/api/posts`, { headers: { "x-forwarded-for": "203.0.113.9" } });
      await fetch(`${behindProxy.url}/api/posts`);
      expect(behindProxy.output()).not.toContain("X-Forwarded-For came from");
    } finally {
      await behindProxy.stop();
    }
  });

  test("HOST keeps the listener on one address; unset, it listens on every interface", async () => {
    const reachable = async (port: string, address: string) =>
      fetch(`http://${address}:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
    const loopbackOnly = await startBuiltServer({ env: { HOST: "127.0.0.1" } });
    const everywhere = await startBuiltServer();
    try {
      const only = new URL(loopbackOnly.url).port;
      const all = new URL(everywhere.url).port;
      expect(await reachable(only, "127.0.0.1")).toBe(true);
      // Another address of this machine (the loopback network's): refused unless listening on all.
      expect(await reachable(only, "127.0.0.2")).toBe(false);
      expect(await reachable(all, "127.0.0.2")).toBe(true);
    } finally {
      await loopbackOnly.stop();
      await everywhere.stop();
    }
  });
});
