import { isToCome } from "../../../../domain/post-publishing";
import type { EditorValues } from "../post-form";

/**
 * Stored post fields (a revision, a recovered copy) as editor values, field by field of the editor
 * itself: a field the editor does not have is ignored, one the source lacks keeps its value. A
 * publication time is only kept while it is to come, as the editor shows a schedule.
 */
export function toFormValuesLike(current: EditorValues, source: Record<string, unknown>): EditorValues {
  const next: Record<string, unknown> = { ...current };
  for (const name of Object.keys(current)) {
    const value = source[name];
    if (typeof current[name as keyof EditorValues] === "boolean") next[name] = Boolean(value ?? current[name as keyof EditorValues]);
    else if (name === "publish_at" && value !== undefined) next[name] = typeof value === "string" && isToCome(value) ? value : "";
    else if (value !== undefined) next[name] = value === null ? "" : String(value);
  }
  return next as EditorValues;
}

/** One string per editor state, to tell whether two of them differ. */
export function snapshotKey(values: EditorValues, content: string): string {
  return JSON.stringify([values, content]);
}
