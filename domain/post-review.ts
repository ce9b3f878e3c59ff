import { z } from "zod";
import type { Actor } from "./roles";
// Through the one text rule, which also configures zod before any schema is built (no eval probe under the CSP).
import { storableString } from "./text-rules";

/**
 * Review requests (docs/decisions/210): a contributor (or an author) submits a draft of their own
 * for review; an editor sends it back with a note or publishes it. Their shapes, limits and
 * texts live here once, for the editor and the server alike.
 */
export const REVIEW_STATUSES = ["waiting", "returned", "published"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export type ReviewRequest = {
  id: string;
  post_id: string;
  status: ReviewStatus;
  requested_at: string;
  requested_by: Actor;
  note: string | null;
  decided_by: Actor | null;
  decided_at: string | null;
};

/** A request in the editors' list: with the post's title. */
export type WaitingReview = ReviewRequest & { post_title: string };

export const REVIEW_NOTE_MAX = 2_000;

export const reviewMessages = {
  noteRequired: "Write what should change",
  noteTooLong: `The note can be at most ${REVIEW_NOTE_MAX} characters`,
  alreadyWaiting: "This post is already waiting for review",
  notADraft: "Only a draft can be submitted for review",
  requestNotFound: "Review request not found",
  notWaiting: "This request is no longer waiting for review",
} as const;

export const returnReviewSchema = z.object({
  note: storableString(reviewMessages.noteRequired).trim().min(1, reviewMessages.noteRequired).max(REVIEW_NOTE_MAX, reviewMessages.noteTooLong),
});

export const reviewTexts = {
  submit: "Submit for review",
  submitted: "Submitted for review",
  waiting: "Waiting for review",
  returned: (note: string) => `Sent back for changes: ${note}`,
  submittedBy: (name: string) => `Submitted for review by ${name}`,
  sendBack: "Send back",
  noteLabel: "What should change",
  cancel: "Cancel",
  sentBack: "Sent back for changes",
  failed: "The review request could not be sent",
  listHeading: "Waiting for review",
  listEmpty: "No drafts are waiting for review.",
  requestedBy: (name: string) => `Submitted by ${name}, `,
  waitingCount: (count: number) => `${count} ${count === 1 ? "draft" : "drafts"} waiting for review`,
} as const;
