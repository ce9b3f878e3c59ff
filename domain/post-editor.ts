/**
 * The post editor's texts and rules beyond the specification's (issue 32, decisions 182 to 184):
 * saving a live post, image descriptions, remembered authors and the read-time estimate. Pure, for
 * the editor and its tests.
 */

export const liveSaveTexts = {
  update: "Update",
  /** Shown under Save Draft on a published or scheduled post, and read with the button. */
  saveDraftTakesDown: "Save Draft takes this post off the site until it is published again.",
  undo: "Undo",
  /** Autosave of a published post: a revision, never the live article. */
  draftSavedLiveUnchanged: "Draft saved; the published version is unchanged",
  settingsHeading: "Post settings",
  actionsLabel: "Save actions",
} as const;

export const imageAltTexts = {
  dialogHeading: "Describe this image",
  dialogLead: "Alternative text is read out to people who cannot see the image, and shown when it does not load.",
  altLabel: "Alternative text",
  decorativeLabel: "Decorative image (no description: stored as an empty alt text)",
  save: "Save description",
  skip: "Skip for now",
  altRequired: "Describe the image, or mark it as decorative",
  editSelected: "Describe selected image",
  missingWarning: (count: number) =>
    `${count === 1 ? "1 image has" : `${count} images have`} no alternative text. Click an image in the editor to describe it, or press the button again to save anyway.`,
} as const;

/** Most alternative texts are a sentence; screen readers read long ones badly. */
export const IMAGE_ALT_MAX = 300;

export const authorTexts = {
  authorFilled: (name: string) => `Bio, avatar and LinkedIn URL filled in from ${name}'s latest post.`,
} as const;

export const readTimeTexts = {
  calculate: "Calculate",
  calculated: (readTime: string) => `Read time set to ${readTime}.`,
} as const;

/** Words read per minute by an ordinary adult reader of web text. */
export const WORDS_PER_MINUTE = 230;

/** The words of an HTML body: its text between tags, entities counting as separators. */
export function countWords(html: string): number {
  const text = html
    .replace(/<(?:script|style)[\s\S]*?<\/(?:script|style)>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z0-9#]+;/gi, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** "N min read" for a body, at about 230 words a minute, rounded up, at least 1. */
export function readTimeFor(html: string): string {
  const minutes = Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE));
  return `${minutes} min read`;
}

/** How many images of an HTML body carry no alt attribute at all (alt="" is a choice, not a gap). */
export function imagesWithoutAlt(html: string): number {
  return (html.match(/<img\b[^>]*>/gi) ?? []).filter((tag) => !/\salt\s*=/i.test(tag)).length;
}

/** An author as the editor offers them: the latest profile used with that name. */
export type KnownAuthor = {
  name: string;
  bio: string;
  avatar: string | null;
  linkedin_url: string | null;
};
