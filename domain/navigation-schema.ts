import { z } from "zod";
import { MENU_NAMES, type Menus } from "./navigation";
import { hrefKind, itemError, itemField, NAVIGATION_LIMITS, navigationMessages as messages } from "./navigation-rules";
import { singleLineString } from "./text-rules";
import { tooLongMessage } from "./text-length";
import { asRecord } from "./validation";

/** The rules of one link, for the editor's instant feedback and the server alike. */
export const menuItemSchema = z.object({
  label: singleLineString({ error: messages.labelRequired })
    .min(1, messages.labelRequired)
    .max(NAVIGATION_LIMITS.label, tooLongMessage(NAVIGATION_LIMITS.label)),
  href: singleLineString({ error: messages.hrefRequired })
    .min(1, messages.hrefRequired)
    .max(NAVIGATION_LIMITS.href, tooLongMessage(NAVIGATION_LIMITS.href))
    .superRefine((href, context) => {
      const kind = hrefKind(href);
      if (kind === "unsafe") context.addIssue({ code: "custom", message: messages.unsafeScheme });
      if (kind === "malformed") context.addIssue({ code: "custom", message: messages.hrefFormat });
    }),
});

export type MenusCheck = { ok: true; menus: Menus } | { ok: false; error: string; fields: Record<string, string> };

/**
 * Checks both menus' shape and every link's words and address (not whether an address of this
 * site answers: the server asks its pages, posts and categories). The first bad item is named in
 * `error`; every bad field in `fields`, as `header[2].href`.
 */
export function checkMenus(input: unknown): MenusCheck {
  const body = asRecord(input);
  const menus: Menus = { header: [], footer: [] };
  const fields: Record<string, string> = {};
  let error: string | undefined;
  for (const menu of MENU_NAMES) {
    const items = body[menu];
    if (!Array.isArray(items)) {
      fields[menu] = messages.notAList(menu);
      error ??= fields[menu];
      continue;
    }
    if (items.length > NAVIGATION_LIMITS[menu]) {
      fields[menu] = messages.tooMany(menu);
      error ??= fields[menu];
      continue;
    }
    items.forEach((item, index) => {
      const parsed = menuItemSchema.safeParse(asRecord(item));
      if (parsed.success) return menus[menu].push(parsed.data);
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === "href" ? "href" : "label";
        fields[itemField(menu, index, key)] ??= issue.message;
        const label = asRecord(item).label;
        error ??= itemError(menu, index, typeof label === "string" ? label : "", `${key === "href" ? "address" : "label"}: ${issue.message}`);
      }
    });
  }
  return error ? { ok: false, error, fields } : { ok: true, menus };
}
