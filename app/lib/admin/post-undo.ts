import { toast } from "sonner";
import { adminToasts } from "../../../domain/admin-messages";
import { liveSaveTexts } from "../../../domain/post-editor";
import { adminApi } from "./client";

/** Long enough to notice the toast, move to it and press Undo (the usual 5 s is not). */
const UNDO_TOAST_MS = 10_000;

const listeners = new Set<() => void>();

/** Tells an open posts list that a post changed after it loaded (an Undo); returns the unsubscribe. */
export function onPostsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What an Undo puts back: the post and the publication time it had (a schedule stays a schedule). */
export type LivePost = { id: string; publish_at: string | null };

/**
 * The success toast of taking a live post off the site (Save Draft in the editor, Unpublish in the
 * list), with Undo: one click publishes it again as it was (decision 182).
 */
export function toastTakenDown(text: { title: string; description: string }, post: LivePost) {
  toast.success(text.title, {
    description: text.description,
    duration: UNDO_TOAST_MS,
    action: { label: liveSaveTexts.undo, onClick: () => void republish(post) },
  });
}

async function republish(post: LivePost) {
  const result = await adminApi.updatePost(post.id, { published: true, publish_at: post.publish_at });
  const done = result.ok ? adminToasts.published : adminToasts.statusFailed;
  if (result.ok) toast.success(done.title, { description: done.description });
  else toast.error(done.title, { description: done.description });
  for (const listener of listeners) listener();
}
