import { z } from "zod";
import { optionalImageUrl, optionalText, POST_WORKFLOW_LIMITS } from "./post-publishing";
import { WORKFLOW_LIMITS } from "./post-workflow";
import { PUBLIC_PAGE_PATHS } from "./public-pages";
import { singleLineString } from "./text-rules";
import { tooLongMessage } from "./text-length";
import type { PageBlock } from "./page-blocks";

/**
 * Pages the marketing team edits (docs/decisions/197): an address, an admin title, a status, SEO
 * fields and blocks (domain/page-blocks.ts). The texts, limits and address rules live here once,
 * for the editor and the server.
 */

export const PAGE_LIMITS = { path: 200, title: 200 } as const;

export const pageMessages = {
  titleRequired: "Title is required",
  pathRequired: "Address is required",
  pathFormat: "An address is one or more lower-case words separated by slashes, like /webinar or /campaigns/spring",
  pathReserved: "This address belongs to another part of the site",
  pathTaken: "Another page already uses this address",
  systemPage: "This page is part of the site and cannot be deleted or unpublished",
  notFound: "Page not found",
  systemPath: "This page is part of the site and keeps its address",
  scheduleLive: "This page is live: publish its changes now, or unpublish it before scheduling it",
  tooManyPreviewLinks: `At most ${WORKFLOW_LIMITS.previewLinksPerPost} preview links can be active for a page`,
  tooLong: tooLongMessage,
  redirectTarget: "Choose another page of this site to send its address to",
} as const;

/** What deleting a page may ask: its address (and its old ones) answer 301 to another page (decision 223). */
export const pageDeleteSchema = z.object({
  redirect_to: z.string({ error: pageMessages.redirectTarget }).min(1, pageMessages.redirectTarget).max(100, pageMessages.redirectTarget).optional(),
});

/** One or more lower-case segments of letters, digits and single hyphens. */
export const PAGE_PATH_PATTERN = /^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

/**
 * Addresses a page may never take: what the site answers otherwise (the blog, the admin, the API,
 * the report form and case pages, previews, uploaded files, feeds, health checks). A page at or
 * under any of these would be shadowed, or would shadow it.
 */
export const RESERVED_PAGE_PREFIXES = [
  "/blog",
  "/admin",
  "/api",
  "/preview",
  "/media",
  "/security/submit",
  "/security/case",
  "/security/acknowledgments",
  "/healthz",
  "/readyz",
  "/rss.xml",
  "/sitemap.xml",
  "/robots.txt",
  "/security.txt",
  "/.well-known",
] as const;

export function isReservedPagePath(path: string): boolean {
  return RESERVED_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The specification's pages: editable, never deleted or unpublished (the site must keep answering them). */
export const SYSTEM_PAGE_PATHS: readonly string[] = PUBLIC_PAGE_PATHS.filter(
  (path) => !isReservedPagePath(path),
);

/** The home page's address: a page's own (it is the specification's), never a new one (taken: 409). */
const HOME_PATH = "/";

const pagePath = z.preprocess(
  (input) => (typeof input === "string" ? input.trim().toLowerCase().replace(/(?<=.)\/+$/, "") : input),
  singleLineString({ error: pageMessages.pathRequired })
    .min(1, pageMessages.pathRequired)
    .max(PAGE_LIMITS.path, pageMessages.tooLong(PAGE_LIMITS.path))
    .refine((path) => path === HOME_PATH || PAGE_PATH_PATTERN.test(path), pageMessages.pathFormat)
    .refine((path) => !isReservedPagePath(path), pageMessages.pathReserved),
);

export const pageSeoSchema = z.object({
  title: optionalText(POST_WORKFLOW_LIMITS.meta_title).default(""),
  description: optionalText(POST_WORKFLOW_LIMITS.meta_description).default(""),
  social_image_url: optionalImageUrl().default(""),
  noindex: z.boolean().default(false),
});
export type PageSeo = z.infer<typeof pageSeoSchema>;

const title = singleLineString({ error: pageMessages.titleRequired })
  .min(1, pageMessages.titleRequired)
  .max(PAGE_LIMITS.title, pageMessages.tooLong(PAGE_LIMITS.title));

/** `POST /api/admin/pages`: blocks are checked by parsePageBlocks, which names block and field. */
export const pageCreateSchema = z.object({
  path: pagePath,
  title,
  blocks: z.unknown().default([]),
  seo: pageSeoSchema.default({ title: "", description: "", social_image_url: "", noindex: false }),
});
/** `PATCH /api/admin/pages/:id`: what it names goes into the draft. */
export const pagePatchSchema = z.object({
  path: pagePath.optional(),
  title: title.optional(),
  blocks: z.unknown().optional(),
  seo: pageSeoSchema.partial().optional(),
});
export const pagePublishSchema = z.object({
  at: z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString()).optional(),
});

export type PageStatus = "draft" | "scheduled" | "published";

/** A page in the admin's list. */
export type PageSummary = {
  id: string;
  path: string;
  title: string;
  status: PageStatus;
  updated_at: string;
  /** One of the specification's pages: editable, never deleted or unpublished. */
  system: boolean;
  /** Unpublished changes wait in the draft. */
  has_draft: boolean;
  publish_at: string | null;
};

/** What the live site shows, or what the draft holds: the address, title, SEO fields and blocks. */
export type PageVersion = { path: string; title: string; seo: PageSeo; blocks: PageBlock[] };

/** A page as `GET /api/admin/pages/:id` answers it: the live version and any unpublished draft. */
export type SitePage = PageSummary & {
  blocks: PageBlock[];
  seo: PageSeo;
  draft?: PageVersion;
  draft_blocks?: PageBlock[];
  created_at: string;
  published_at: string | null;
};

/** A published page as the public route renders it. */
export type PublicPage = { id: string; path: string; title: string; seo: PageSeo; blocks: PageBlock[]; updated_at: string };
