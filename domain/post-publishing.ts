import { z } from "zod";
import { isMediaPath } from "./media";
import { singleLineString, storableString } from "./text-rules";
import { tooLongMessage } from "./text-length";

/**
 * The editorial fields of a post beyond the specification's: a publication time for scheduled
 * posts and optional SEO fields. One schema, spread into the post schema (domain/blog-post.ts),
 * so the editor, the API, import and export validate them the same way.
 */
export const POST_WORKFLOW_LIMITS = {
  meta_title: 200,
  meta_description: 500,
  url: 2_048,
} as const;

const workflowMessages = {
  publishAtFormat: "Enter a valid date and time",
  imageUrlFormat: "Enter a full web address starting with http:// or https://, or upload an image",
  tooLong: tooLongMessage,
} as const;

/** Visible texts of the scheduling and SEO parts of the editor and the list. */
export const publishingTexts = {
  statusScheduled: "Scheduled",
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  scheduleHeading: "Scheduling",
  publishAtLabel: "Publish at (your local time)",
  schedule: "Schedule",
  unschedule: "Unschedule",
  seoHeading: "Search and social",
  // Never containing a specified label (Title, Featured Image URL...): tests find fields by label.
  metaTitleLabel: "Search headline",
  metaDescriptionLabel: "Meta Description",
  socialImageLabel: "Social Image URL",
  seoHint: "Optional: the title, excerpt and featured image are used when these are empty.",
} as const;

/** Post values may arrive as plain values or as objects carrying a `value` field. */
export function unwrapValue(input: unknown): unknown {
  if (input !== null && typeof input === "object" && "value" in input) {
    return (input as { value: unknown }).value;
  }
  return input;
}

/** An optional text of at most `max` characters, trimmed; missing means "". */
export function optionalText(max: number) {
  return z.preprocess(
    (input) => unwrapValue(input) ?? "",
    storableString().trim().max(max, workflowMessages.tooLong(max)),
  );
}

/** An image address: http(s), or an image uploaded to this site (/media/<sha256>.<ext>). */
export function optionalImageUrl(message: string = workflowMessages.imageUrlFormat) {
  return z.preprocess(
    (input) => unwrapValue(input) ?? "",
    singleLineString()
      .max(POST_WORKFLOW_LIMITS.url, workflowMessages.tooLong(POST_WORKFLOW_LIMITS.url))
      .refine(
        (value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value) || isMediaPath(value),
        message,
      ),
  );
}

/**
 * The publication time: an ISO date-time with a zone (the editor converts the admin's local time
 * to UTC before sending), or null/"" for none. Stored as ISO-8601 UTC text like every timestamp.
 */
const publishAt = z.preprocess(
  (input) => {
    const value = unwrapValue(input);
    return value === "" || value === undefined ? null : value;
  },
  singleLineString()
    .refine((value) => /(?:Z|[+-]\d\d:?\d\d)$/i.test(value) && !Number.isNaN(Date.parse(value)), workflowMessages.publishAtFormat)
    .transform((value) => new Date(value).toISOString())
    .nullable(),
);

/** Spread into the post schema: every field optional, so existing clients need not send them. */
export const postWorkflowFields = {
  publish_at: publishAt.optional(),
  meta_title: optionalText(POST_WORKFLOW_LIMITS.meta_title).optional(),
  meta_description: optionalText(POST_WORKFLOW_LIMITS.meta_description).optional(),
  social_image_url: optionalImageUrl().optional(),
};

/** The stored editorial fields of a post. */
export type PostWorkflowValues = {
  /** UTC ISO time; set on a published post means 'visible from then on'. Null: no schedule. */
  publish_at: string | null;
  meta_title: string;
  meta_description: string;
  social_image_url: string | null;
};

export type PostStatus = "published" | "scheduled" | "draft";

/**
 * The one visibility rule: a post is public when published and its publication time (if any)
 * has come. Decided by time on every read, so no job has to flip anything.
 */
export function postStatus(post: { published: boolean; publish_at?: string | null }, now: Date = new Date()): PostStatus {
  if (!post.published) return "draft";
  if (isToCome(post.publish_at, now)) return "scheduled";
  return "published";
}

/** Whether a publication time is still to come: what makes a published post scheduled. */
export function isToCome(publishAt: string | null | undefined, now: Date = new Date()): publishAt is string {
  return Boolean(publishAt) && Date.parse(publishAt!) > now.getTime();
}
