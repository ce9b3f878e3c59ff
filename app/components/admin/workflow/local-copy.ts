import type { EditorValues } from "../post-form";

/**
 * A copy of the editor's state in this browser's local storage, written moments after each
 * change: what survives a closed tab or a dropped network before the server has it.
 */
export type LocalCopy = {
  values: EditorValues;
  content: string;
  /** When it was written, by this browser's clock. */
  savedAt: string;
  /**
   * The post's last save (`updated_at`) its edits started from, "" for a post never saved. While
   * the post still has that save, the copy holds what was never saved: no clocks compared.
   * Absent in copies written before it was kept.
   */
  basedOn?: string;
};

const PREFIX = "dialogic-editor-copy:";
const keyFor = (postId: string | undefined) => `${PREFIX}${postId ?? "new"}`;

export function writeLocalCopy(postId: string | undefined, copy: Omit<LocalCopy, "savedAt">): void {
  try {
    window.localStorage.setItem(keyFor(postId), JSON.stringify({ ...copy, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or disabled: the server autosave still runs.
  }
}

export function readLocalCopy(postId: string | undefined): LocalCopy | undefined {
  try {
    const raw = window.localStorage.getItem(keyFor(postId));
    if (!raw) return undefined;
    const copy = JSON.parse(raw) as Partial<LocalCopy>;
    if (typeof copy.content !== "string" || typeof copy.savedAt !== "string" || !copy.values) return undefined;
    return copy as LocalCopy;
  } catch {
    return undefined;
  }
}

export function clearLocalCopy(postId: string | undefined): void {
  try {
    window.localStorage.removeItem(keyFor(postId));
  } catch {
    // Nothing to clear.
  }
}
