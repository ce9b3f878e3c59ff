import { z } from "zod";
import type { RevisionKind } from "./post-workflow";
import type { Actor } from "./roles";
import { PAGE_LIMITS, PAGE_PATH_PATTERN, type PageVersion } from "./site-pages";

/**
 * Revisions of pages (docs/decisions/200): the posts' history (domain/post-workflow.ts) for a
 * page's versions. Its limits and most of its words are the posts'; these are the page's own.
 */

/** A revision in a page's history: when, how, by which admin session, and whether it was the published version. */
export type PageRevisionSummary = {
  id: string;
  page_id: string;
  kind: RevisionKind;
  published: boolean;
  title: string;
  /** The public id of the admin session that kept it (null when unknown). */
  saved_by: string | null;
  /** The person who kept it, as they are named now (decision 223); null for older, imported and seeded revisions. */
  saved_by_person: Actor | null;
  created_at: string;
  updated_at: string;
};

/** A revision with the page's version as it was: address, title, SEO fields and blocks. */
export type PageRevision = PageRevisionSummary & { page: PageVersion };

const moment = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

/**
 * A page's revision in an export file, as a post's (decision 129): its page by live address (ids
 * differ between sites), how and when it was kept, and the version, which is checked and cleaned
 * again on import like any revision read. Who kept it stays behind: sessions are the site's own.
 */
export const pageRevisionTransferSchema = z.object({
  id: z.uuid().optional(),
  page_path: z.string().max(PAGE_LIMITS.path).regex(PAGE_PATH_PATTERN),
  kind: z.enum(["save", "autosave"]),
  published: z.boolean(),
  created_at: moment,
  updated_at: moment,
  page: z.record(z.string(), z.unknown()),
});
export type PageRevisionTransfer = z.input<typeof pageRevisionTransferSchema>;

export const pageRevisionTexts = {
  restored: (time: string) => `Revision from ${time} restored as the draft. Publish to put it on the site.`,
  restoreLead: "Restoring makes a revision the draft; the live page is unchanged until you publish.",
  added: "Added",
  removed: "Removed",
  changed: "Changed",
  moved: "Moved",
} as const;
