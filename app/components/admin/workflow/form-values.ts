import type { PostFormValues } from "../post-form";

/**
 * Stored post fields (a revision, a recovered copy) as form values, field by field of the form
 * itself: a field the form does not have is ignored, one the source lacks keeps its value.
 */
export function toFormValuesLike(current: PostFormValues, source: Record<string, unknown>): PostFormValues {
  const next: Record<string, unknown> = { ...current };
  for (const name of Object.keys(current)) {
    const value = source[name];
    if (typeof current[name as keyof PostFormValues] === "boolean") next[name] = Boolean(value ?? current[name as keyof PostFormValues]);
    else if (value !== undefined) next[name] = value === null ? "" : String(value);
  }
  return next as PostFormValues;
}

/** One string per editor state, to tell whether two of them differ. */
export function snapshotKey(values: PostFormValues, content: string): string {
  return JSON.stringify([values, content]);
}
