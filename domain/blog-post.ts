import { z } from "zod";
import { NEW_POST_DEFAULTS } from "./post-defaults";
import { singleLineString, storableString } from "./text-rules";
import { SLUG_PATTERN } from "./slug";
import { optionalImageUrl, optionalText, POST_WORKFLOW_LIMITS, postWorkflowFields, unwrapValue, type PostWorkflowValues } from "./post-publishing";
import { tooLongMessage } from "./text-length";

export { NEW_POST_DEFAULTS };

export const POST_LIMITS = {
  title: 200,
  slug: 200,
  category: 60,
  author_name: 100,
  read_time: 30,
  excerpt: 1_000,
  author_bio: 1_000,
  url: POST_WORKFLOW_LIMITS.url,
  /** Pasted images arrive inline as data URLs, so the body may be large. */
  content: 1_500_000,
} as const;

export const postMessages = {
  titleRequired: "Title is required",
  slugRequired: "Slug is required",
  slugFormat: "Slug may contain only lower-case letters, digits and single hyphens",
  slugTaken: "Another post already uses this slug",
  categoryRequired: "Category is required",
  authorNameRequired: "Author name is required",
  readTimeRequired: "Read time is required",
  urlFormat: "Enter a full web address starting with http:// or https://",
  tooLong: tooLongMessage,
} as const;

/**
 * Title, slug, category, author and read time show on one line (cards, tabs, feed titles):
 * one line only. Every field refuses NUL and broken Unicode (domain/text-rules.ts).
 */
function requiredText(max: number, required: string) {
  return z.preprocess(
    unwrapValue,
    singleLineString({ error: required })
      .min(1, required)
      .max(max, postMessages.tooLong(max)),
  );
}

function optionalUrl() {
  return z.preprocess(
    (input) => unwrapValue(input) ?? "",
    singleLineString()
      .max(POST_LIMITS.url, postMessages.tooLong(POST_LIMITS.url))
      .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), postMessages.urlFormat),
  );
}

function flag() {
  return z.preprocess((input) => {
    const value = unwrapValue(input);
    if (value === "true" || value === 1 || value === "1") return true;
    if (value === "false" || value === 0 || value === "0") return false;
    return value;
  }, z.boolean());
}

/** Every field of a post as the editor and the API submit it. */
export const postInputSchema = z.object({
  title: requiredText(POST_LIMITS.title, postMessages.titleRequired),
  slug: requiredText(POST_LIMITS.slug, postMessages.slugRequired).pipe(
    z.string().regex(SLUG_PATTERN, postMessages.slugFormat),
  ),
  category: requiredText(POST_LIMITS.category, postMessages.categoryRequired),
  author_name: requiredText(POST_LIMITS.author_name, postMessages.authorNameRequired),
  read_time: requiredText(POST_LIMITS.read_time, postMessages.readTimeRequired),
  excerpt: optionalText(POST_LIMITS.excerpt),
  content: z.preprocess(
    (input) => unwrapValue(input) ?? "",
    storableString().max(POST_LIMITS.content, postMessages.tooLong(POST_LIMITS.content)),
  ),
  author_bio: optionalText(POST_LIMITS.author_bio),
  // Images may also be uploaded to this site (/media/...).
  featured_image_url: optionalImageUrl(postMessages.urlFormat),
  author_avatar_url: optionalImageUrl(postMessages.urlFormat),
  author_linkedin_url: optionalUrl(),
  published: flag(),
  featured: flag(),
  // Scheduling and SEO (domain/post-publishing.ts).
  ...postWorkflowFields,
});

export type PostInput = z.infer<typeof postInputSchema>;

/** A partial update: only the fields present are validated and changed. */
export const postPatchSchema = postInputSchema.partial();
export type PostPatch = z.infer<typeof postPatchSchema>;

/** A post as the services return it: booleans as booleans, optional texts as null. */
export type BlogPost = {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  category: string;
  author_name: string;
  author_avatar_url: string | null;
  author_bio: string;
  author_linkedin_url: string | null;
  featured_image_url: string | null;
  read_time: string;
  published: boolean;
  featured: boolean;
  created_at: string;
  updated_at: string;
} & PostWorkflowValues;

/** A row of the admin list: every field but the (possibly large) body. */
export type BlogPostSummary = Omit<BlogPost, "content">;

/**
 * The `srcset` of a post's featured image and author avatar when they were uploaded to this site
 * and have smaller copies (docs/decisions/126-uploaded-images.md); null otherwise. Computed when
 * read, never stored or submitted.
 */
export type PublicImageSources = { featured_image_srcset: string | null; author_avatar_srcset: string | null };

/**
 * A published post as anyone may see it (the public projection): no id, no draft flag. The
 * public pages, the public API and the feeds only ever receive these. `content` is the cleaned
 * body, safe to render as is; its uploaded images carry their `srcset`.
 */
export type PublicPost = Omit<BlogPost, "id" | "published" | keyof PostWorkflowValues> & PublicImageSources;

/** A published post in a list: the public projection without the body and the author's profile. */
export type PublicPostSummary = Omit<PublicPost, "content" | "author_bio" | "author_linkedin_url">;

type PostField = keyof PostInput;
type SummaryField = Exclude<keyof BlogPostSummary, keyof PostWorkflowValues>;
/** Scheduling and SEO fields live in their own table (blog_post_editorial), not among the columns. */
const WORKFLOW_FIELDS: ReadonlySet<string> = new Set(Object.keys(postWorkflowFields));

/** Every column of a post but its (possibly large) body: what the admin list reads. */
export const POST_SUMMARY_FIELDS: readonly SummaryField[] = [
  "id",
  ...postInputSchema
    .keyof()
    .options.filter(
      (field): field is Exclude<PostField, "content" | keyof PostWorkflowValues> =>
        field !== "content" && !WORKFLOW_FIELDS.has(field),
    ),
  "created_at",
  "updated_at",
];

type PublicSummaryField = Exclude<keyof PublicPostSummary, keyof PublicImageSources>;
const NOT_IN_PUBLIC_SUMMARY = new Set<SummaryField>(["id", "published", "author_bio", "author_linkedin_url"]);

/** The columns of a post in a public list: the admin list's, less what the public may not see (srcsets are computed). */
export const PUBLIC_SUMMARY_FIELDS = POST_SUMMARY_FIELDS.filter(
  (field): field is PublicSummaryField => !NOT_IN_PUBLIC_SUMMARY.has(field),
);
