import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { ensureAdminPassword, login } from "../../server/auth/admin-auth.server";
import { testServices } from "../helpers/http-server";
import { closeRawAgent, rawRequest, type RawRequest } from "../helpers/raw-http";
import { tinyPng, validReportFields } from "../helpers/sample-files";
import { closeServerBuild, serveSite } from "../helpers/site-server";
import { createTestDatabase, testDatabaseKinds } from "../helpers/test-database";
import { bodyFor, hostileHeaders, hostilePath, hostileText, type Door } from "./hostile-input";

/**
 * The attacker's suite: random and hostile bodies, paths, headers and encodings through every
 * JSON, multipart and form door (admin ones with a valid token too). Whatever arrives, the
 * answer is never a 5xx and the server stays healthy. See docs/decisions/064-fuzzing-suite.md.
 */
const BATCHES = Number(process.env.FUZZ_BATCHES ?? 300);
const PER_BATCH = 10;
const PASSWORD = "correct horse battery staple";

afterAll(async () => {
  closeRawAgent();
  await closeServerBuild();
});

describe.each(testDatabaseKinds)("fuzzing every door on %s", (kind) => {
  test(`${BATCHES * PER_BATCH} generated requests: no 5xx, and /healthz answers 200 afterwards`, async () => {
    const database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    const site = await serveSite(
      testServices(database.db, { TRUST_PROXY: "loopback", REPORT_RATE_LIMIT: "100000", LOG_LEVEL: "silent" }),
    );
    try {
      const token = (await login(database.db, PASSWORD))!.token;
      const doors = allDoors(await seed(site.url, token));
      const failures: string[] = [];
      let sent = 0;

      const request = fc.record({
        door: fc.constantFrom(...doors),
        body: fc.oneof(
          { weight: 4, arbitrary: fc.constant("fields" as const) },
          { weight: 1, arbitrary: fc.constant("raw" as const) },
        ),
        values: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileText(), { maxKeys: 6 }),
        raw: fc.uint8Array({ maxLength: 2048 }),
        path: hostilePath(),
        usePath: fc.boolean(),
        headers: hostileHeaders(),
        auth: fc.constantFrom("valid" as const, "invalid" as const, "none" as const),
      });

      const result = await fc.check(
        fc.asyncProperty(fc.array(request, { minLength: PER_BATCH, maxLength: PER_BATCH }), async (batch) => {
          const statuses = await Promise.all(
            batch.map(async (input) => {
              const raw = toRawRequest(input, token);
              const status = await rawRequest(site.url, raw);
              if (status !== undefined) sent += 1;
              if (status !== undefined && status >= 500) {
                failures.push(`${status} ${raw.method} ${raw.path} ${JSON.stringify(raw.headers)} ${raw.body?.toString("utf8").slice(0, 300) ?? ""}`);
              }
              return status;
            }),
          );
          return statuses.every((status) => status === undefined || status < 500);
        }),
        { numRuns: BATCHES, endOnFailure: true },
      );
      // The 5xx answers themselves say more than fast-check's whole counterexample batch.
      expect(failures, `seed ${result.seed}`).toEqual([]);
      expect(result.failed, `seed ${result.seed}`).toBe(false);
      expect(sent).toBeGreaterThan(BATCHES * PER_BATCH * 0.9);
      const health = await fetch(`${site.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await site.close();
      await database.destroy();
    }
  }, 240_000);
});

type Seeded = {
  postId: string;
  reportId: string;
  messageId: string;
  revisionId: string;
  linkId: string;
  previewToken: string;
  mediaPath: string;
};

/**
 * One post (renamed once, so its old slug redirects; with a revision, a preview link and an
 * uploaded image in its body and as its featured image, wide enough for a smaller copy), one
 * report and one message, so id-taking doors also meet ids that exist.
 */
async function seed(url: string, token: string): Promise<Seeded> {
  const json = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const admin = { authorization: `Bearer ${token}` };
  const media = await fetch(`${url}/api/admin/media`, { method: "POST", headers: { ...admin, "content-type": "image/png" }, body: new Uint8Array(tinyPng(600)) });
  expect(media.status).toBe(201);
  const mediaPath = ((await media.json()) as { url: string }).url;
  const post = await fetch(`${url}/api/admin/posts`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      title: "Seed",
      slug: "seed",
      category: "News",
      author_name: "Ada",
      read_time: "1 min read",
      content: `<p>Seed<img src="${mediaPath}"></p>`,
      featured_image_url: mediaPath,
      published: true,
      featured: false,
    }),
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(validReportFields())) form.append(name, value);
  const report = await fetch(`${url}/api/security/reports`, { method: "POST", body: form });
  const message = await fetch(`${url}/api/contact`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "Seed", email: "seed@example.com", message: "Seed" }),
  });
  expect([post.status, report.status, message.status]).toEqual([201, 201, 201]);
  const postId = ((await post.json()) as { id: string }).id;
  const posts = `${url}/api/admin/posts/${postId}`;
  const renamed = await fetch(posts, { method: "PATCH", headers: json, body: JSON.stringify({ slug: "seed-renamed" }) });
  const back = await fetch(posts, { method: "PATCH", headers: json, body: JSON.stringify({ slug: "seed", meta_title: "Seed" }) });
  const revisions = await fetch(`${posts}/revisions`, { headers: admin });
  const link = await fetch(`${posts}/preview-links`, { method: "POST", headers: json, body: JSON.stringify({ purpose: "share" }) });
  expect([renamed.status, back.status, revisions.status, link.status]).toEqual([200, 200, 200, 201]);
  const created = (await link.json()) as { id: string; token: string };
  return {
    postId,
    reportId: ((await report.json()) as { id: string }).id,
    messageId: ((await message.json()) as { id: string }).id,
    revisionId: ((await revisions.json()) as { id: string }[])[0]!.id,
    linkId: created.id,
    previewToken: created.token,
    mediaPath,
  };
}

const FIELD_NAMES = [
  ...Object.keys(validReportFields()),
  ...["name", "email", "message", "website", "password", "read", "status", "attachment_0", "__proto__"],
  ...["title", "slug", "content", "excerpt", "category", "author_name", "author_bio", "read_time"],
  ...["featured_image_url", "author_avatar_url", "author_linkedin_url", "published", "featured"],
  ...["publish_at", "meta_title", "meta_description", "social_image_url", "purpose", "kind"],
  ...["landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "path"],
  ...["lcp", "inp", "cls", "ttfb"],
];

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function allDoors({ postId, reportId, messageId, revisionId, linkId, previewToken, mediaPath }: Seeded): Door[] {
  const admin = true;
  return [
    { method: "POST", path: "/api/contact", kind: "json" },
    { method: "POST", path: "/api/analytics/vitals", kind: "json" },
    { method: "POST", path: "/contact", kind: "form" },
    { method: "POST", path: "/contact.data", kind: "form" },
    { method: "POST", path: "/%63ontact", kind: "form" },
    { method: "POST", path: "/contact?index", kind: "form" },
    { method: "POST", path: "/api/analytics/demo-click", kind: "json" },
    { method: "POST", path: "/api/security/reports", kind: "multipart" },
    { method: "POST", path: "/security/submit", kind: "multipart" },
    { method: "POST", path: "/security/submit.data", kind: "multipart" },
    { method: "POST", path: "/api/admin/login", kind: "json" },
    { method: "POST", path: "/admin/login.data", kind: "form" },
    { method: "POST", path: "/api/admin/verify", kind: "json", admin },
    { method: "POST", path: "/api/admin/logout", kind: "json" },
    { method: "GET", path: "/api/admin/posts", kind: "none", admin },
    { method: "GET", path: `/api/admin/posts/${postId}`, kind: "none", admin },
    { method: "POST", path: "/api/admin/posts", kind: "json", admin },
    { method: "PATCH", path: `/api/admin/posts/${postId}`, kind: "json", admin },
    { method: "PUT", path: `/api/admin/posts/${postId}`, kind: "json", admin },
    { method: "DELETE", path: "/api/admin/posts/missing", kind: "none", admin },
    // The editorial workflow: revisions, autosave, preview links, uploads, old slugs.
    { method: "GET", path: `/api/admin/posts/${postId}/revisions`, kind: "none", admin },
    { method: "GET", path: `/api/admin/posts/${postId}/revisions/${revisionId}`, kind: "none", admin },
    { method: "POST", path: `/api/admin/posts/${postId}/autosave`, kind: "json", admin },
    { method: "POST", path: "/api/admin/posts/missing/autosave", kind: "json", admin },
    { method: "GET", path: `/api/admin/posts/${postId}/preview-links`, kind: "none", admin },
    { method: "POST", path: `/api/admin/posts/${postId}/preview-links`, kind: "json", admin },
    { method: "DELETE", path: `/api/admin/posts/${postId}/preview-links/${linkId}`, kind: "none", admin },
    { method: "DELETE", path: "/api/admin/preview-links", kind: "none", admin },
    { method: "POST", path: "/api/admin/media", kind: "image", admin },
    // The menus (issue 44): a hostile body is a 400 naming the item, never a 500.
    { method: "PUT", path: "/api/admin/navigation", kind: "json", admin },
    { method: "POST", path: "/api/admin/navigation/revisions/missing/restore", kind: "json", admin },
    { method: "GET", path: mediaPath, kind: "none" },
    // Its smaller copy (made on the first request), and widths it has not or that are not in the set.
    { method: "GET", path: mediaPath.replace(".png", "-480w.webp"), kind: "none" },
    { method: "HEAD", path: mediaPath.replace(".png", "-480w.webp"), kind: "none" },
    { method: "GET", path: mediaPath.replace(".png", "-960w.webp"), kind: "none" },
    { method: "GET", path: mediaPath.replace(".png", "-481w.webp"), kind: "none" },
    { method: "GET", path: `/preview/${previewToken}`, kind: "none" },
    { method: "GET", path: `/preview/${previewToken}.data`, kind: "none" },
    { method: "GET", path: "/blog/seed-renamed", kind: "none" },
    { method: "GET", path: "/api/posts/seed-renamed", kind: "none" },
    { method: "GET", path: "/api/admin/contact/messages?page=1", kind: "none", admin },
    { method: "PATCH", path: `/api/admin/contact/messages/${messageId}`, kind: "json", admin },
    { method: "GET", path: "/api/admin/security/reports", kind: "none", admin },
    { method: "GET", path: `/api/admin/security/reports/${reportId}`, kind: "none", admin },
    { method: "PATCH", path: `/api/admin/security/reports/${reportId}`, kind: "json", admin },
    { method: "GET", path: `/api/admin/security/reports/${reportId}/attachments/x`, kind: "none", admin },
    { method: "GET", path: "/api/posts?page=1", kind: "none" },
    { method: "GET", path: "/api/posts/seed", kind: "none" },
    { method: "GET", path: "/blog/seed", kind: "none" },
    { method: "GET", path: "/blog/seed.data", kind: "none" },
    { method: "GET", path: "/blog?page=2", kind: "none" },
    { method: "GET", path: "/rss.xml", kind: "none" },
    { method: "GET", path: "/sitemap.xml", kind: "none" },
    { method: "GET", path: "/.well-known/security.txt", kind: "none" },
    { method: "GET", path: "/admin/reports/x", kind: "none" },
    { method: "HEAD", path: "/", kind: "none" },
    { method: "OPTIONS", path: "/api/contact", kind: "none" },
  ];
}

type Input = {
  door: Door;
  body: "fields" | "raw";
  values: Record<string, unknown>;
  raw: Uint8Array;
  path: string;
  usePath: boolean;
  headers: Record<string, string>;
  auth: "valid" | "invalid" | "none";
};

function toRawRequest(input: Input, token: string): RawRequest {
  const { door } = input;
  const encoded = input.body === "raw" ? { body: Buffer.from(input.raw), type: undefined } : bodyFor(door.kind, input.values);
  const headers: Record<string, string> = { ...input.headers };
  if (encoded.type && !("content-type" in headers)) headers["content-type"] = encoded.type;
  if (input.auth === "valid" && door.admin) headers.authorization = `Bearer ${token}`;
  if (input.auth === "invalid") headers.authorization = "Bearer not-a-token";
  // A browser's name, or the page-speed door answers every request as a bot's (204, nothing read).
  if (door.path === "/api/analytics/vitals" && !("user-agent" in headers)) headers["user-agent"] = BROWSER;
  const body = door.method === "GET" || door.method === "HEAD" ? undefined : encoded.body;
  if (body) headers["content-length"] = String(body.length);
  return { method: door.method, path: input.usePath ? input.path : door.path, headers, body };
}
