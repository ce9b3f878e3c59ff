/**
 * The slug rule of the specification: lower-case, drop every character that is not a letter,
 * digit, space or hyphen, spaces become hyphens, repeated hyphens collapse. Outer spaces and
 * hyphens are trimmed so a title never yields a slug that starts or ends with a hyphen.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
