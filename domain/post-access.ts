import { postStatus, type PostStatus } from "./post-publishing";
import { ROLE_LABELS, forbiddenMessage, may, type Role } from "./roles";

/**
 * What a role may do to one post, on top of the policy's doors (docs/decisions/210). Editors,
 * administrators and the owner may do anything; authors work on their own posts only;
 * contributors write drafts of their own and submit them for review, and a published post is
 * no longer theirs to change.
 */
export type PostWriter = { personId: string; role: Role };

/** A post as these rules see it: who created it, and its state. */
export type PostState = { created_by: string | null; published: boolean; publish_at: string | null; featured: boolean };

/** Roles that touch their own posts only: they may not review others' work. */
export function ownPostsOnly(role: Role): boolean {
  return !may(role, "posts.review");
}

export const postAccessMessages = {
  notOwn: (role: Role) => `The ${ROLE_LABELS[role]} role may only change their own posts.`,
  published: (role: Role) => `The ${ROLE_LABELS[role]} role may not change a published post.`,
  feature: (role: Role) => `The ${ROLE_LABELS[role]} role may not feature posts.`,
} as const;

function live(status: PostStatus): boolean {
  return status !== "draft";
}

/**
 * Why the writer may not save `after` (over `before`, absent for a new post), or undefined when
 * they may. Publishing includes scheduling: both make `published` true.
 */
export function postWriteRefusal(writer: PostWriter, before: PostState | undefined, after: Omit<PostState, "created_by">): string | undefined {
  const { role } = writer;
  if (before && ownPostsOnly(role) && before.created_by !== writer.personId) return postAccessMessages.notOwn(role);
  if (!may(role, "posts.publish")) {
    if (before && live(postStatus(before))) return postAccessMessages.published(role);
    if (live(postStatus(after))) return forbiddenMessage(role, "posts.publish");
    if (after.featured && !before?.featured) return postAccessMessages.feature(role);
  }
  return undefined;
}

/** Why the writer may not delete the post, or undefined. The door has checked "posts.delete" already. */
export function postDeleteRefusal(writer: PostWriter, post: Pick<PostState, "created_by">): string | undefined {
  if (ownPostsOnly(writer.role) && post.created_by !== writer.personId) return postAccessMessages.notOwn(writer.role);
  return undefined;
}
