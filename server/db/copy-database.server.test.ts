import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { copyDbDatabases, reportRow } from "../../tests/helpers/copy-db";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { autosavePost, listRevisions } from "../blog/post-revisions.server";
import { findSlugRedirect } from "../blog/post-workflow.server";
import { createPost, getPostById, updatePost } from "../blog/posts.server";
import { createPreviewLink, getPreviewPost } from "../blog/preview-links.server";
import { enqueueEmail } from "../mail/outbox.server";
import { readImage, storeImage } from "../media/media.server";
import { tinyPng } from "../../tests/helpers/sample-files";
import { DAY_KEYED_TABLES } from "../analytics/day-salts.server";
import { countSomeViews } from "../../tests/helpers/analytics";
import { copyDatabase, tableCounts } from "./copy-database.server";
import { everyBlock } from "../../tests/helpers/every-block";
import { createPagePreviewLink, getPreviewPage } from "../pages/page-preview.server";
import { findPublishedPage } from "../pages/public-pages.server";
import { createPage, getPage, publishPage, updatePage } from "../pages/site-pages.server";
import { SITE_COPY_STEPS } from "../copy-steps.server";
import { listNavigationRevisions, readMenus, saveMenus } from "../navigation/navigation.server";
import { listForms, listSubmissions, saveForm, submitFormEntry } from "../forms/forms.server";
import { testServices } from "../../tests/helpers/http-server";

// From the embedded default to each kind of target, PostgreSQL included when it is configured.
describe.each(testDatabaseKinds)("copy-db from SQLite to %s", (targetKind) => {
  const open = copyDbDatabases();

  test("every row arrives unchanged, binary attachments included, and the admin password still works", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    await ensureAdminPassword(source, "the source's admin password");
    const post = await createPost(source, { title: "Moved", slug: "moved", content: "<p>Body</p>", published: true });
    if (!post.ok) throw new Error("not created");
    await enqueueEmail(source, { to: "team@example.com", subject: "Hello", text: "Body" });
    const now = new Date().toISOString();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
    await source.insertInto("security_reports").values(reportRow("VR-2026-ABCDEF", now)).execute();
    await source
      .insertInto("report_attachments")
      .values({ id: "a1", report_id: "r1", position: 0, filename: "shot.png", content_type: "image/png", size: bytes.length, sha256: crypto.createHash("sha256").update(bytes).digest("hex"), data: bytes, created_at: now })
      .execute();

    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ blog_posts: 1, admin_credentials: 1, mail_outbox: 1, security_reports: 1, report_attachments: 1 });
    expect(await getPostById(target, post.post.id)).toEqual(post.post);
    const attachment = await target.selectFrom("report_attachments").selectAll().executeTakeFirstOrThrow();
    expect(Buffer.from(attachment.data).equals(bytes)).toBe(true);
    expect(await login(target, "the source's admin password")).toBeDefined();
  });

  test("revisions and preview links move with their posts, and the links keep working", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const post = await createPost(source, { title: "Moved", slug: "moved", content: "<p>Saved</p>" });
    if (!post.ok) throw new Error("not created");
    await autosavePost(source, post.post.id, { ...post.post, content: "<p>Unsaved</p>" });
    const link = await createPreviewLink(source, post.post.id, "share");
    if (!link.ok) throw new Error("no link");

    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ post_revisions: 2, post_preview_links: 1 });
    expect(await listRevisions(target, post.post.id)).toEqual(await listRevisions(source, post.post.id));
    expect(await getPreviewPost(target, link.link.token)).toMatchObject({ slug: "moved", content: "<p>Unsaved</p>" });
  });

  test("pages move with their drafts, old addresses and preview links, and the links keep working", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const page = await createPage(source, { path: "/offer", title: "Offer", blocks: everyBlock() });
    if (!page.ok) throw new Error("not created");
    await publishPage(source, page.page.id, {});
    await updatePage(source, page.page.id, { path: "/spring-offer" });
    await publishPage(source, page.page.id, {});
    await updatePage(source, page.page.id, { title: "Offer, in the draft" });
    const link = await createPagePreviewLink(source, page.page.id);
    if (!link.ok) throw new Error("no link");

    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ site_pages: 1, site_page_redirects: 1, page_preview_links: 1 });
    expect(await getPage(target, page.page.id)).toEqual(await getPage(source, page.page.id));
    expect(await findPublishedPage(target, "/offer")).toEqual({ kind: "redirect", to: "/spring-offer" });
    expect(await getPreviewPage(target, link.link.token)).toMatchObject({ title: "Offer, in the draft" });
  });

  test("the menus move with every saved version, and the newest stays the live one", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const first = await saveMenus(source, { header: [{ label: "Blog", href: "/blog" }], footer: [] }, null);
    const second = await saveMenus(source, { header: [{ label: "Docs", href: "https://docs.example.com" }], footer: [{ label: "Contact", href: "/contact" }] }, null);
    if (!first.ok || !second.ok) throw new Error("not saved");

    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ navigation_versions: 2 });
    expect(await listNavigationRevisions(target)).toEqual(await listNavigationRevisions(source));
    expect(await readMenus(target)).toEqual(second.menus);
  });

  test("forms move with their submissions, which stay leads named by their form", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const saved = await saveForm(source, {
      name: "Webinar",
      fields: [{ name: "email", label: "Email", type: "email", required: true }, { name: "consent", label: "I agree", type: "consent", required: true }],
      submit_label: "Register",
      success_message: "See you there.",
    });
    if (!saved.ok) throw new Error("not saved");
    const sent = await submitFormEntry(testServices(source), saved.form.id, { email: "ada@example.com", consent: true, utm_campaign: "spring" });
    if (!sent.ok) throw new Error("not sent");

    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ forms: 1, contact_messages: 1 });
    expect(await listForms(target)).toEqual(await listForms(source));
    expect(await listSubmissions(target, saved.form.id)).toEqual(await listSubmissions(source, saved.form.id));
    expect((await listSubmissions(target, saved.form.id))[0]).toMatchObject({ answers: { email: "ada@example.com", consent: true }, utm_campaign: "spring" });
  });

  test("schedules, SEO fields, old slugs and uploaded images move too", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const image = await storeImage(source, tinyPng(8));
    if (!image.ok) throw new Error("not stored");
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await createPost(source, { title: "Later", slug: "later", published: true, publish_at: later });
    const renamed = await createPost(source, {
      title: "Renamed",
      slug: "old-name",
      published: true,
      meta_title: "Search headline",
      social_image_url: image.url,
    });
    if (!scheduled.ok || !renamed.ok) throw new Error("not created");
    await updatePost(source, renamed.post.id, { slug: "new-name" });

    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ blog_post_editorial: 2, blog_slug_redirects: 1, blog_media: 1 });
    expect(await getPostById(target, scheduled.post.id)).toMatchObject({ publish_at: later });
    expect(await getPostById(target, renamed.post.id)).toMatchObject({ meta_title: "Search headline", social_image_url: image.url });
    expect(await findSlugRedirect(target, "old-name")).toBe("new-name");
    const copied = await readImage(target, image.sha256, image.extension);
    expect(copied && Buffer.from(copied.data).equals(tinyPng(8))).toBe(true);
    // Its measured size moves with it; its smaller copies stay behind (made again on request).
    expect(await target.selectFrom("blog_media").select(["width", "height", "animated"]).executeTakeFirstOrThrow()).toEqual({ width: 8, height: 8, animated: 0 });
  });

  test("the analytics roll-ups move, the day's salt and the hashes keyed under it stay behind", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    await countSomeViews(source);
    const salt = await source.selectFrom("analytics_salts").select("salt").executeTakeFirstOrThrow();
    expect(salt.salt.length).toBeGreaterThan(20);
    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ analytics_pages: 2 });
    for (const table of DAY_KEYED_TABLES) {
      expect((await source.selectFrom(table).selectAll().execute()).length, table).toBeGreaterThan(0);
      expect(await target.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    expect(JSON.stringify(await target.selectFrom("analytics_sources").selectAll().execute())).not.toContain(salt.salt);
  });

  test("the demo click roll-up moves whole, page by page over its composite key", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    // More rows than one batch, many sharing a day and a landing page, so pages split inside them.
    const rows = Array.from({ length: 1205 }, (_, index) => ({
      day: `2026-11-${String((index % 3) + 1).padStart(2, "0")}`,
      landing_path: `/page-${index % 2}`,
      referrer_host: index % 5 === 0 ? "" : "linkedin.com",
      utm_source: `source-${index}`,
      utm_medium: "",
      utm_campaign: "",
      clicks: index + 1,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await source.insertInto("analytics_demo_clicks").values(rows.slice(start, start + 200)).execute();
    }
    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ analytics_demo_clicks: 1205 });
    const total = await target
      .selectFrom("analytics_demo_clicks")
      .select((eb) => eb.fn.sum<number | string>("clicks").as("clicks"))
      .executeTakeFirstOrThrow();
    expect(Number(total.clicks)).toBe((1205 * 1206) / 2);
  });

  test("page-speed histograms move whole, paged by their three-column key", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const rows = Array.from({ length: 1200 }, (_, index) => ({
      day: `2026-11-${String(1 + (index % 3)).padStart(2, "0")}`,
      path: `/blog/post-${Math.floor(index / 12)}`,
      metric: ["LCP", "INP", "CLS", "TTFB"][index % 4]!,
      samples: index + 1,
      histogram: `100:${index + 1}`,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await source.insertInto("analytics_vitals").values(rows.slice(start, start + 500)).execute();
    }
    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts.analytics_vitals).toBe(1200);
    const total = await target.selectFrom("analytics_vitals").select((eb) => eb.fn.sum<number | string>("samples").as("sum")).executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe((1200 * 1201) / 2);
  });

  test("every table is copied, except the short-lived rate-limit counters and login challenges, cache markers, derived data (images' smaller copies, the search index, social cards) and the day's analytics salt and hashes", async () => {
    const target = await open(targetKind);
    const tables = (await target.introspection.getTables())
      .map((table) => table.name)
      // SQLite's FTS5 index of blog_post_search and its shadow tables: the database's own.
      .filter((name) => !name.startsWith("kysely_") && !name.startsWith("blog_post_search_fts"));
    const copied = Object.keys(await tableCounts(target));
    expect([...tables].sort()).toEqual(
      [...copied, "admin_login_challenges", "admin_passkey_challenges", "blog_media_variants", "content_changes", "rate_limit_windows", "blog_post_search", "blog_social_cards", ...DAY_KEYED_TABLES].sort(),
    );
  });

  test("a target that already holds data is refused and left as it was", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    await createPost(source, { title: "One", slug: "one" });
    await createPost(target, { title: "Already here", slug: "already-here" });
    await expect(copyDatabase(source, target, SITE_COPY_STEPS)).rejects.toThrow(
      "The target database already has rows in blog_posts; copy-db only fills an empty database.",
    );
    const slugs = await target.selectFrom("blog_posts").select("slug").execute();
    expect(slugs).toEqual([{ slug: "already-here" }]);
  });
});
