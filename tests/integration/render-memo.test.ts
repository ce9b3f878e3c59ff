import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminToken, startBuiltServer, type BuiltServer } from "../helpers/built-server";

/**
 * What renders keep from the posts as a whole (decision 194: related posts, list pages' ids) is
 * as fresh as the page cache: two processes on one SQLite file, with no page cache, so that every
 * answer is a render; a post published or retitled through one shows on the other's list and
 * under its related articles within its check interval (1 s).
 */

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function html(server: BuiltServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await wait(100);
  }
  return check();
}

describe("two processes without a page cache on one SQLite file", () => {
  let first: BuiltServer;
  let second: BuiltServer;
  let token: string;
  beforeAll(async () => {
    const env = { PAGE_CACHE_MAX_BYTES: "0" };
    first = await startBuiltServer({ env });
    second = await startBuiltServer({ dataDir: first.dataDir, env: { ...env, ADMIN_PASSWORD: first.adminPassword } });
    token = await adminToken(first);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  async function write(method: "POST" | "PATCH", path: string, body: object): Promise<{ id: string }> {
    const response = await fetch(`${first.url}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as { id: string };
  }

  test("a post published or retitled on one process shows on the other's list and related articles", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    const post = (slug: string, title: string) => ({ slug, title, content: `<p>${title}</p>`, excerpt: "Kept renders", category: "Training", published: true });
    await write("POST", "/api/admin/posts", post(`base-${tag}`, `Base article ${tag}`));
    // The second process renders both pages once: its list and the article's related posts are kept.
    expect(await html(second, "/blog")).not.toContain(`Neighbour ${tag}`);
    expect(await html(second, `/blog/base-${tag}`)).not.toContain(`Neighbour ${tag}`);

    const neighbour = await write("POST", "/api/admin/posts", post(`neighbour-${tag}`, `Neighbour ${tag}`));
    expect(await eventually(async () => (await html(second, "/blog")).includes(`Neighbour ${tag}`), 2500)).toBe(true);
    expect(await html(second, `/blog/base-${tag}`)).toContain(`Neighbour ${tag}`);

    await write("PATCH", `/api/admin/posts/${neighbour.id}`, post(`neighbour-${tag}`, `Renamed neighbour ${tag}`));
    expect(await eventually(async () => (await html(second, `/blog/base-${tag}`)).includes(`Renamed neighbour ${tag}`), 2500)).toBe(true);
  });
});
