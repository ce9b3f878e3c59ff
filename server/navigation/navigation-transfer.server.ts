import { z } from "zod";
import type { MenuItem } from "../../domain/navigation";
import { checkMenus } from "../../domain/navigation-schema";
import { asRecord } from "../../domain/validation";
import { EVERY_PAGE_TAG, recordContentChange } from "../cache/content-changes.server";
import type { AppDatabase } from "../db/database.server";
import { menusOf } from "./navigation.server";

/**
 * The menus' saved versions in the file `npm run admin -- export` writes and `import` reads, beside
 * the posts and pages (docs/decisions/219): oldest first, so the newest of the file is the live one
 * on a site that has none newer. Who saved a version travels by name only.
 */
export type NavigationVersionTransfer = { id: string; header: MenuItem[]; footer: MenuItem[]; saved_by: string | null; saved_at: string };
export type NavigationImportResult = { imported: number; skipped: number; refused: { id: string; error: string }[] };

export async function exportNavigation(db: AppDatabase): Promise<{ navigation: NavigationVersionTransfer[] }> {
  const rows = await db.selectFrom("navigation_versions").selectAll().orderBy("created_at").orderBy("id").execute();
  return { navigation: rows.map((row) => ({ id: row.id, ...menusOf(row), saved_by: row.saved_by_name, saved_at: row.created_at })) };
}

const versionFields = z.object({
  id: z.string().min(1).max(100),
  saved_by: z.string().max(200).nullable().default(null),
  saved_at: z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString()),
});

/**
 * Adds the versions this site lacks (by id), each checked by the menus' rules; addresses are not
 * asked for, as the pages and posts they name may come in the same file.
 */
export async function importNavigation(db: AppDatabase, data: unknown): Promise<NavigationImportResult> {
  const result: NavigationImportResult = { imported: 0, skipped: 0, refused: [] };
  const entries = asRecord(data).navigation;
  if (!Array.isArray(entries)) return result;
  for (const entry of entries as unknown[]) {
    const fields = versionFields.safeParse(asRecord(entry));
    const menus = checkMenus(entry);
    const id = String(asRecord(entry).id ?? "");
    if (!fields.success || !menus.ok) {
      result.refused.push({ id, error: menus.ok ? (fields.error?.issues[0]?.message ?? "Invalid version") : menus.error });
      continue;
    }
    if (await db.selectFrom("navigation_versions").select("id").where("id", "=", fields.data.id).executeTakeFirst()) {
      result.skipped += 1;
      continue;
    }
    const { header, footer } = menus.menus;
    await db
      .insertInto("navigation_versions")
      .values({ id: fields.data.id, header: JSON.stringify(header), footer: JSON.stringify(footer), saved_by: null, saved_by_name: fields.data.saved_by, created_at: fields.data.saved_at })
      .execute();
    result.imported += 1;
  }
  if (result.imported > 0) await recordContentChange(db, [EVERY_PAGE_TAG]);
  return result;
}
