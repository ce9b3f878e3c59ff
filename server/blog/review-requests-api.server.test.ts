import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { adminCountsRouter } from "../admin/admin-counts-api.server";
import { auditRouter } from "../audit/audit-api.server";
import { ensureAdminPassword } from "../auth/admin-auth.server";
import { loginRouter } from "../auth/login-api.server";
import { peopleRouter } from "../people/people-api.server";
import { adminPostsRouter } from "./admin-posts-api.server";
import { postWorkflowRouter } from "./post-workflow-api.server";
import { reviewRequestsRouter } from "./review-requests-api.server";

const PASSWORD = "correct horse battery staple";

type Post = { id: string; title: string; published: boolean };

describe.each(testDatabaseKinds)("roles on posts and review requests on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one" },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services), auditRouter(services), peopleRouter(services), adminCountsRouter(services), reviewRequestsRouter(services)],
      ownBodies: (services) => [adminPostsRouter(services), postWorkflowRouter(services)],
    });
    const call = (method: string, path: string, token?: string, body?: unknown) => send(path, { method, token, body });
    const owner = ((await (await call("POST", "/admin/login", undefined, { password: PASSWORD })).json()) as { token: string }).token;

    /** Invites a person as the owner, takes the invitation from the outbox and answers their id and token. */
    async function person(name: string, role: string) {
      const email = `${name.toLowerCase()}@example.com`;
      const { id } = (await (await call("POST", "/admin/people", owner, { email, name, role })).json()) as { id: string };
      const mail = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).executeTakeFirstOrThrow();
      const invitation = /\/admin\/invite\/([\w-]{43})/.exec(mail.text_body)![1]!;
      const joined = await call("POST", `/admin/invitations/${invitation}`, undefined, { name, password: `${name}'s own long password` });
      return { id, token: ((await joined.json()) as { token: string }).token };
    }

    async function write(token: string, title: string, fields: Record<string, unknown> = {}) {
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const response = await call("POST", "/admin/posts", token, { title, slug, content: "<p>Body</p>", category: "News", author_name: "Someone", read_time: "3 min read", published: false, ...fields });
      return { status: response.status, post: (await response.json()) as Post };
    }

    const outboxTo = async (address: string) =>
      Number((await db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string | number>().as("n")).where("to_address", "=", address).executeTakeFirstOrThrow()).n);

    return { db, call, owner, person, write, outboxTo };
  }

  test("each role creates, edits, publishes and deletes as its rules say", async () => {
    const { call, owner, person, write } = await start();
    const others = (await write(owner, "The owner's post")).post;
    const expected = {
      //            create, edit own, edit other, publish own, delete other, delete own
      author: [201, 200, 403, 200, 403, 204],
      contributor: [201, 200, 403, 403, 403, 403],
      editor: [201, 200, 200, 200, 204, 204],
    } as const;
    for (const [role, statuses] of Object.entries(expected)) {
      const { token } = await person(role[0]!.toUpperCase() + role.slice(1), role);
      const created = await write(token, `A post by the ${role}`);
      const own = created.post.id;
      const seen = [
        created.status,
        (await call("PATCH", `/admin/posts/${own}`, token, { title: `Changed by the ${role}` })).status,
        (await call("PATCH", `/admin/posts/${others.id}`, token, { title: "Not theirs" })).status,
        (await call("PATCH", `/admin/posts/${own}`, token, { published: true })).status,
        (await call("DELETE", `/admin/posts/${(await write(owner, `Another owner's post for the ${role}`)).post.id}`, token)).status,
        (await call("DELETE", `/admin/posts/${own}`, token)).status,
      ];
      expect([role, ...seen]).toEqual([role, ...statuses]);
      // Reading the list is everyone's on the blog team.
      expect((await call("GET", "/admin/posts", token)).status).toBe(200);
    }
  });

  test("a contributor may not publish, schedule or feature, nor change a post once it is published", async () => {
    const { call, owner, person, write } = await start();
    const { token } = await person("Cora", "contributor");
    const published = await write(token, "Straight to the site", { published: true });
    expect(published).toMatchObject({ status: 403, post: { error: "The Contributor role may not publish or schedule posts." } });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const draft = (await write(token, "A draft of hers")).post;
    const scheduled = await call("PATCH", `/admin/posts/${draft.id}`, token, { published: true, publish_at: later });
    expect(scheduled.status).toBe(403);
    expect(await scheduled.json()).toEqual({ error: "The Contributor role may not publish or schedule posts." });
    expect((await call("PATCH", `/admin/posts/${draft.id}`, token, { featured: true })).status).toBe(403);
    // Once an editor (here the owner) publishes it, it is no longer hers to change, nor to autosave.
    expect((await call("PATCH", `/admin/posts/${draft.id}`, owner, { published: true })).status).toBe(200);
    expect(await (await call("PATCH", `/admin/posts/${draft.id}`, token, { title: "Changed" })).json()).toEqual({
      error: "The Contributor role may not change a published post.",
    });
    const autosave = await call("POST", `/admin/posts/${draft.id}/autosave`, token, { title: "X", slug: "x", content: "<p>x</p>", category: "News", author_name: "A", read_time: "1 min read", featured: false });
    expect(autosave.status).toBe(403);
  });

  test("the review loop: submit, the editors hear of it, send back with a note, resubmit, an editor publishes; the trail names each", async () => {
    const { db, call, owner, person, write, outboxTo } = await start();
    const editor = await person("Priya", "editor");
    await person("Ada", "administrator");
    const contributor = await person("Cora", "contributor");
    const author = await person("Sam", "author");

    const draft = (await write(contributor.token, "Why review matters")).post;
    expect((await call("POST", `/admin/posts/${draft.id}/review-requests`, author.token)).status).toBe(403);
    const submitted = await call("POST", `/admin/posts/${draft.id}/review-requests`, contributor.token);
    expect(submitted.status).toBe(201);
    const request = (await submitted.json()) as { id: string; requested_at: string };
    expect(request).toMatchObject({ post_id: draft.id, status: "waiting", requested_by: { id: contributor.id, name: "Cora", role: "contributor" } });
    expect((await call("POST", `/admin/posts/${draft.id}/review-requests`, contributor.token)).status).toBe(409);

    // Editors and administrators are emailed with the post's title and its link; nobody else.
    expect([await outboxTo("priya@example.com"), await outboxTo("ada@example.com"), await outboxTo("sam@example.com")]).toEqual([2, 2, 1]);
    const mail = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", "priya@example.com").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Why review matters");
    expect(mail.text_body).toContain(`/admin/blog/edit/${draft.id}`);

    // The list and the count are the reviewers'.
    expect((await call("GET", "/admin/review-requests", contributor.token)).status).toBe(403);
    expect(await (await call("GET", "/admin/review-requests", editor.token)).json()).toEqual([
      { ...request, post_title: "Why review matters", note: null, decided_by: null, decided_at: null },
    ]);
    expect(await (await call("GET", "/admin/counts", editor.token)).json()).toMatchObject({ reviews: 1 });
    expect(await (await call("GET", "/admin/counts", contributor.token)).json()).not.toHaveProperty("reviews");

    // Sent back with a note: the contributor sees it and is emailed.
    expect((await call("POST", `/admin/review-requests/${request.id}/return`, editor.token, { note: " " })).status).toBe(400);
    expect((await call("POST", `/admin/review-requests/${request.id}/return`, contributor.token, { note: "No" })).status).toBe(403);
    const returned = await call("POST", `/admin/review-requests/${request.id}/return`, editor.token, { note: "Add a real example" });
    expect(await returned.json()).toMatchObject({ status: "returned", note: "Add a real example", decided_by: { id: editor.id, name: "Priya" } });
    expect(await (await call("GET", `/admin/posts/${draft.id}/review-requests`, contributor.token)).json()).toMatchObject({ status: "returned", note: "Add a real example" });
    expect(await outboxTo("cora@example.com")).toBe(2);
    expect(await (await call("GET", "/admin/review-requests", editor.token)).json()).toEqual([]);

    // Revised and submitted again; the editor publishes it, which settles the request.
    expect((await call("PATCH", `/admin/posts/${draft.id}`, contributor.token, { content: "<p>With a real example</p>" })).status).toBe(200);
    const again = (await (await call("POST", `/admin/posts/${draft.id}/review-requests`, contributor.token)).json()) as { id: string };
    expect((await call("PATCH", `/admin/posts/${draft.id}`, editor.token, { published: true })).status).toBe(200);
    expect(await (await call("GET", `/admin/posts/${draft.id}/review-requests`, contributor.token)).json()).toMatchObject({
      id: again.id,
      status: "published",
      decided_by: { id: editor.id, name: "Priya", role: "editor" },
    });
    expect(await (await call("GET", "/admin/counts", editor.token)).json()).toMatchObject({ reviews: 0 });

    // Who saved each revision, and who did what in the trail.
    const history = (await (await call("GET", `/admin/posts/${draft.id}/revisions`, owner)).json()) as { saved_by: { name: string } | null }[];
    expect(history.map((revision) => revision.saved_by?.name)).toEqual(["Priya", "Cora", "Cora"]);
    const trail = (await (await call("GET", "/admin/audit", owner)).json()) as { items: { action: string; target_id: string | null; actor: { name: string; role: string } }[] };
    const onPost = trail.items.filter((item) => item.target_id === draft.id).map((item) => [item.action, item.actor.name, item.actor.role]);
    expect(onPost).toEqual([
      ["post.published", "Priya", "editor"],
      ["post.submitted_for_review", "Cora", "contributor"],
      ["post.updated", "Cora", "contributor"],
      ["post.returned", "Priya", "editor"],
      ["post.submitted_for_review", "Cora", "contributor"],
      ["post.created", "Cora", "contributor"],
    ]);
    const stored = await db.selectFrom("blog_posts").select(["created_by", "updated_by"]).where("id", "=", draft.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ created_by: contributor.id, updated_by: editor.id });
  });
});
