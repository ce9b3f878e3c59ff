import { z } from "zod";
import { blogMessages } from "./blog";
import { postInputSchema, type PostInput } from "./blog-post";
import { SLUG_PATTERN } from "./slug";
import type { Actor } from "./roles";

/**
 * The editorial workflow around a post: autosave, revisions and private previews. Its limits,
 * schemas and texts live here once, for the editor and the server alike.
 */
export const WORKFLOW_LIMITS = {
  /** The editor autosaves this long after typing stops. */
  autosaveDelayMs: 3_000,
  /** Autosaves closer together than this update the latest autosave revision instead of adding one. */
  autosaveCoalesceMs: 10 * 60 * 1000,
  /** Revisions kept per post, besides every published version. */
  revisionsKept: 50,
  /** How long a shared preview link works. */
  previewLinkHours: 7 * 24,
  /** How long the editor's own Preview link works. */
  editorPreviewHours: 1,
  /** Active preview links per post. */
  previewLinksPerPost: 20,
} as const;

export type RevisionKind = "save" | "autosave";

/** A revision in the editor's history: when, how, and whether that version was published. */
export type RevisionSummary = {
  id: string;
  post_id: string;
  kind: RevisionKind;
  published: boolean;
  title: string;
  created_at: string;
  updated_at: string;
  /** Who kept it, as they are named now; null for revisions older than people, or imported. */
  saved_by: Actor | null;
};

/** A revision with every field of the post as it was (body cleaned by the article allowlist). */
export type Revision = RevisionSummary & { post: PostInput };

/**
 * What an autosave sends: every field of the form, checked by the post schema itself. The
 * published flag is not the autosave's to change, so it is ignored.
 */
export const autosaveInputSchema = postInputSchema.omit({ published: true });
export type AutosaveInput = z.infer<typeof autosaveInputSchema>;

/**
 * A revision in an export file (docs/decisions/129-what-export-files-carry.md): the post it
 * belongs to by slug (ids differ between sites), how and when it was kept, and its fields. The
 * fields themselves are read back through `postInputSchema` and the article allowlist on import,
 * like every revision; a revision whose envelope fails here is skipped.
 */
export const revisionTransferSchema = z.object({
  id: z.uuid().optional(),
  post_slug: z.string().max(200).regex(SLUG_PATTERN),
  kind: z.enum(["save", "autosave"]),
  published: z.boolean(),
  created_at: z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString()),
  updated_at: z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString()),
  post: z.record(z.string(), z.unknown()),
});
export type RevisionTransfer = z.input<typeof revisionTransferSchema>;

/** An old address of a post in an export file: the old slug and the post's slug when exported. */
export const slugRedirectTransferSchema = z.object({
  old_slug: z.string().max(200).regex(SLUG_PATTERN),
  post_slug: z.string().max(200).regex(SLUG_PATTERN),
});
export type SlugRedirectTransfer = z.input<typeof slugRedirectTransferSchema>;

export type PreviewPurpose = "editor" | "share";

export const previewLinkInputSchema = z.object({
  purpose: z.enum(["editor", "share"]).default("share"),
});

/** A preview link as the editor lists it; the token itself is shown once, when it is made. */
export type PreviewLink = {
  id: string;
  post_id: string;
  purpose: PreviewPurpose;
  created_at: string;
  expires_at: string;
};

export type CreatedPreviewLink = PreviewLink & { token: string; path: string };

/** Where a preview token opens the post. Page caches must leave this path alone. */
export const PREVIEW_PATH_PREFIX = "/preview/";
export const previewPath = (token: string) => `${PREVIEW_PATH_PREFIX}${token}`;

/** Preview tokens: 32 random bytes in base64url. Anything else is not looked up. */
export const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const workflowTexts = {
  saving: "Saving…",
  saved: (time: string) => `Saved ${time}`,
  offline: "Not saved: offline, retrying",
  notSaved: (reason: string) => `Not saved: ${reason}`,
  checkFields: "check the fields",
  serverRetrying: "server error, retrying",
  leaveConfirm: "You have changes that are not saved to the post. Leave the editor?",
  recoveryFound: (time: string) => `A newer unsaved version of this post from ${time} was found.`,
  recoveryRestore: "Restore unsaved version",
  recoveryDiscard: "Discard",
  preview: "Preview",
  previewNeedsTitle: "Add a title to preview",
  previewBanner: "Preview",
  previewBannerLead: "This is a private preview. It is not published and may change.",
  history: "Revision history",
  noRevisions: "No revisions yet",
  autosaveRevision: "Autosave",
  savedRevision: "Saved",
  publishedRevision: "Published",
  savedBy: (person: string) => `by ${person}`,
  compare: "Compare",
  restore: "Restore",
  restored: (time: string) => `Revision from ${time} restored into the editor. Save Draft or Publish to keep it.`,
  diffHeading: (time: string) => `Changes from the revision of ${time} to the current text`,
  diffUnchanged: "No differences in the text.",
  closeDiff: "Close comparison",
  shareHeading: "Preview links",
  shareLead: "Anyone with a link can see this post as it will look, until the link expires or is revoked.",
  createShareLink: "Create preview link",
  newShareLink: "New preview link",
  copyLink: "Copy link",
  linkCopied: blogMessages.shareCopied.title,
  revokeLink: "Revoke",
  noShareLinks: "No active preview links",
  linkExpires: (time: string) => `Expires ${time}`,
  revokeAllLead:
    "Anyone with a preview link can see its post until the link expires. If one may have reached the wrong person, revoke them all; changing the admin password does this too.",
  revokeAll: "Revoke all preview links",
  revokeAllConfirm: "Revoke every preview link of every post? People you sent one to will no longer see the post.",
} as const;

/** Messages the workflow API answers with. */
export const workflowApiMessages = {
  revisionNotFound: "Revision not found",
  previewLinkNotFound: "Preview link not found",
  invalidPurpose: "A preview link's purpose is editor or share",
  tooManyPreviewLinks: `At most ${WORKFLOW_LIMITS.previewLinksPerPost} preview links can be active for a post`,
} as const;
