import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { ownPostsOnly, postAccessMessages, type PostWriter } from "../../domain/post-access";
import { reviewMessages, type ReviewRequest, type WaitingReview } from "../../domain/post-review";
import { ROLE_LABELS, type Role } from "../../domain/roles";
import type { AppServices } from "../context.server";
import type { AppDatabase } from "../db/database.server";
import type { PostReviewRequestsTable } from "../db/schema";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";
import { namesOfPeople } from "../people/people.server";

/**
 * Review requests of drafts (docs/decisions/210): the writer submits their draft, the editors
 * and administrators hear of it by email; an editor sends it back with a note (the writer hears
 * of it) or publishes the post, which settles the request. One request per post waits at a time.
 */
type Services = Pick<AppServices, "db" | "config">;
type Row = Selectable<PostReviewRequestsTable>;

export type ReviewResult =
  | { ok: true; request: ReviewRequest; postTitle: string }
  | { ok: false; code: "not_found" | "forbidden" | "conflict"; error: string };

const REVIEWER_ROLES: readonly Role[] = ["administrator", "editor"];

async function toRequests(db: AppDatabase, rows: Row[]): Promise<ReviewRequest[]> {
  const people = await namesOfPeople(db, rows.flatMap((row) => [row.requested_by, row.decided_by ?? ""]));
  const actor = (id: string | null) => {
    const found = id ? people.get(id) : undefined;
    return found && id ? { id, ...found } : null;
  };
  return rows.map((row) => ({
    id: row.id,
    post_id: row.post_id,
    status: row.status,
    requested_at: row.requested_at,
    requested_by: actor(row.requested_by) ?? { id: row.requested_by, name: row.requested_by, role: "contributor" },
    note: row.note,
    decided_by: actor(row.decided_by),
    decided_at: row.decided_at,
  }));
}

/** Submits the writer's draft for review and tells the reviewers. */
export async function submitForReview(services: Services, postId: string, writer: PostWriter, now = new Date()): Promise<ReviewResult> {
  const { db } = services;
  const post = await db.selectFrom("blog_posts").select(["title", "published", "created_by"]).where("id", "=", postId).executeTakeFirst();
  if (!post) return { ok: false, code: "not_found", error: reviewMessages.requestNotFound };
  if (ownPostsOnly(writer.role) && post.created_by !== writer.personId) return { ok: false, code: "forbidden", error: postAccessMessages.notOwn(writer.role) };
  if (post.published) return { ok: false, code: "conflict", error: reviewMessages.notADraft };
  const row: Row = {
    id: crypto.randomUUID(),
    post_id: postId,
    requested_by: writer.personId,
    requested_at: now.toISOString(),
    status: "waiting",
    note: null,
    decided_by: null,
    decided_at: null,
  };
  const inserted = await db.transaction().execute(async (trx) => {
    const waiting = await trx.selectFrom("post_review_requests").select("id").where("post_id", "=", postId).where("status", "=", "waiting").executeTakeFirst();
    if (waiting) return false;
    await trx.insertInto("post_review_requests").values(row).execute();
    return true;
  });
  if (!inserted) return { ok: false, code: "conflict", error: reviewMessages.alreadyWaiting };
  const [request] = await toRequests(db, [row]);
  await emailReviewers(services, request!, post.title);
  return { ok: true, request: request!, postTitle: post.title };
}

/** The requests waiting for review, oldest first, each with its post's title. */
export async function listWaitingReviews(db: AppDatabase): Promise<WaitingReview[]> {
  const rows = await db
    .selectFrom("post_review_requests")
    .innerJoin("blog_posts", "blog_posts.id", "post_review_requests.post_id")
    .selectAll("post_review_requests")
    .select("blog_posts.title as post_title")
    .where("post_review_requests.status", "=", "waiting")
    .orderBy("post_review_requests.requested_at")
    .orderBy("post_review_requests.id")
    .execute();
  const requests = await toRequests(db, rows);
  return requests.map((request, index) => ({ ...request, post_title: rows[index]!.post_title }));
}

export async function countWaitingReviews(db: AppDatabase): Promise<number> {
  const row = await db.selectFrom("post_review_requests").select((eb) => eb.fn.countAll<string | number>().as("count")).where("status", "=", "waiting").executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The post's latest request (what the editor shows), or null. */
export async function latestReview(db: AppDatabase, postId: string): Promise<ReviewRequest | null> {
  const row = await db
    .selectFrom("post_review_requests")
    .selectAll()
    .where("post_id", "=", postId)
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? (await toRequests(db, [row]))[0]! : null;
}

/** Sends a waiting request back to its writer with the reviewer's note, and tells the writer. */
export async function returnReview(services: Services, id: string, reviewerId: string, note: string, now = new Date()): Promise<ReviewResult> {
  const { db } = services;
  const found = await db.selectFrom("post_review_requests").select(["status", "post_id"]).where("id", "=", id).executeTakeFirst();
  if (!found) return { ok: false, code: "not_found", error: reviewMessages.requestNotFound };
  const updated = await db
    .updateTable("post_review_requests")
    .set({ status: "returned", note, decided_by: reviewerId, decided_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, code: "conflict", error: reviewMessages.notWaiting };
  const row = await db.selectFrom("post_review_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const [request] = await toRequests(db, [row]);
  const post = await db.selectFrom("blog_posts").select("title").where("id", "=", found.post_id).executeTakeFirstOrThrow();
  await emailWriter(services, request!, post.title);
  return { ok: true, request: request!, postTitle: post.title };
}

/** A post went live (published or scheduled): its waiting request is settled by whoever did it. */
export async function settleReviewOnPublish(db: AppDatabase, postId: string, deciderId: string, now = new Date()): Promise<boolean> {
  const updated = await db
    .updateTable("post_review_requests")
    .set({ status: "published", decided_by: deciderId, decided_at: now.toISOString() })
    .where("post_id", "=", postId)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

const editLink = (services: Services, postId: string) => `${services.config.public.siteUrl}/admin/blog/edit/${encodeURIComponent(postId)}`;

/** Every editor and administrator on the team who has taken their invitation and has an address. */
async function emailReviewers(services: Services, request: ReviewRequest, title: string): Promise<void> {
  const reviewers = await services.db
    .selectFrom("admin_people")
    .select(["email", "name"])
    .where("role", "in", REVIEWER_ROLES)
    .where("removed_at", "is", null)
    .where("email", "is not", null)
    .where("password_hash", "is not", null)
    .execute();
  const { siteName } = services.config.public;
  const writer = `${request.requested_by.name} (${ROLE_LABELS[request.requested_by.role]})`;
  for (const reviewer of reviewers) {
    await enqueueEmail(services.db, {
      to: reviewer.email!,
      subject: `${siteName}: "${title}" is waiting for review`,
      text: [`Hello ${reviewer.name},`, "", `${writer} submitted the draft "${title}" for review.`, "", "Read it, then publish it or send it back with a note:", editLink(services, request.post_id)].join("\n"),
    });
  }
  if (reviewers.length > 0) notifyOutbox();
}

async function emailWriter(services: Services, request: ReviewRequest, title: string): Promise<void> {
  const writer = await services.db.selectFrom("admin_people").select(["email", "name"]).where("id", "=", request.requested_by.id).where("removed_at", "is", null).executeTakeFirst();
  if (!writer?.email) return;
  const reviewer = request.decided_by?.name ?? "An editor";
  await enqueueEmail(services.db, {
    to: writer.email,
    subject: `${services.config.public.siteName}: "${title}" was sent back for changes`,
    text: [`Hello ${writer.name},`, "", `${reviewer} sent your draft "${title}" back for changes:`, "", request.note ?? "", "", "Revise it and submit it for review again:", editLink(services, request.post_id)].join("\n"),
  });
  notifyOutbox();
}
