import { z } from "zod";
import { NEW_POST_DEFAULTS } from "./post-defaults";
import { SLUG_PATTERN } from "./slug";

export { NEW_POST_DEFAULTS };

export const POST_LIMITS = {
  title: 200,
  slug: 200,
  category: 60,
  author_name: 100,
  read_time: 30,
  excerpt: 1_000,
  author_bio: 1_000,
  url: 2_048,
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
  tooLong: (max: number) => `Must be at most ${max.toLocaleString("en-US")} characters`,
} as const;

/** Post values may arrive as plain values or as objects carrying a `value` field. */
function unwrapValue(input: unknown): unknown {
  if (input !== null && typeof input === "object" && "value" in input) {
    return (input as { value: unknown }).value;
  }
  return input;
}

function requiredText(max: number, required: string) {
  return z.preprocess(
    unwrapValue,
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(max, postMessages.tooLong(max)),
  );
}

function optionalText(max: number) {
  return z.preprocess(
    (input) => unwrapValue(input) ?? "",
    z.string().trim().max(max, postMessages.tooLong(max)),
  );
}

function optionalUrl() {
  return z.preprocess(
    (input) => unwrapValue(input) ?? "",
    z
      .string()
      .trim()
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
    z.string().max(POST_LIMITS.content, postMessages.tooLong(POST_LIMITS.content)),
  ),
  author_bio: optionalText(POST_LIMITS.author_bio),
  featured_image_url: optionalUrl(),
  author_avatar_url: optionalUrl(),
  author_linkedin_url: optionalUrl(),
  published: flag(),
  featured: flag(),
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
};

/** A row of the admin list: every field but the (possibly large) body. */
export type BlogPostSummary = Omit<BlogPost, "content">;

/**
 * A published post as anyone may see it (the public projection): no id, no draft flag. The
 * public pages, the public API and the feeds only ever receive these.
 */
export type PublicPost = {
  slug: string;
  title: string;
  excerpt: string | null;
  /** The cleaned body, safe to render as is. */
  content: string;
  category: string;
  author_name: string;
  author_avatar_url: string | null;
  author_bio: string;
  author_linkedin_url: string | null;
  featured_image_url: string | null;
  read_time: string;
  featured: boolean;
  created_at: string;
  updated_at: string;
};

/** A published post in a list: the public projection without the body and the author's profile. */
export type PublicPostSummary = Omit<PublicPost, "content" | "author_bio" | "author_linkedin_url">;
