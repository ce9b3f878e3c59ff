import crypto from "node:crypto";
import { categorySlug } from "../../domain/blog-taxonomy";
import { DEFAULT_MENUS, MENU_NAMES, type Menus, type NavigationRevision } from "../../domain/navigation";
import { hrefKind, internalPath, itemError, itemField, navigationMessages } from "../../domain/navigation-rules";
import { checkMenus } from "../../domain/navigation-schema";
import { PUBLIC_PAGE_PATHS } from "../../domain/public-pages";
import type { Actor } from "../../domain/roles";
import { EVERY_PAGE_TAG, onLocalContentChange, recordContentChange } from "../cache/content-changes.server";
import type { AppDatabase } from "../db/database.server";
import type { NavigationVersionsTable } from "../db/schema";
import { addressTaken } from "../pages/page-addresses.server";

/**
 * The menus the team edits (docs/decisions/218): every save is a new version and goes live at
 * once on every process, through the content changes every page cache watches.
 */

export type NavigationFailure = { ok: false; code: "invalid"; error: string; fields: Record<string, string> } | { ok: false; code: "not_found"; error: string };
export type NavigationResult = { ok: true; menus: Menus } | NavigationFailure;

/** How many earlier versions the history lists. */
const HISTORY_LENGTH = 50;
/** Addresses the site answers besides its pages, posts and categories. */
const OTHER_ADDRESSES = ["/blog/search"];

// The live menus, read once per process and database until a change: one made here (every local
// change moves the count on) or one the page cache's watcher reads from another process and hands
// to `forgetMenus`.
const kept = new WeakMap<AppDatabase, { change: number; menus: Promise<Menus> }>();
/** The menus each database last answered with: what pages show while it is away. */
const lastRead = new WeakMap<AppDatabase, Menus>();
let localChanges = 0;
onLocalContentChange(() => {
  localChanges += 1;
});

/** The live menus: the newest saved version, or the specification's links before any save. */
export function readMenus(db: AppDatabase): Promise<Menus> {
  const known = kept.get(db);
  if (known && known.change === localChanges) return known.menus;
  // With the database away, every page still renders: with the menus last read, or the
  // specification's; the next render asks the database again.
  const menus: Promise<Menus> = readNewest(db).catch(() => {
    if (kept.get(db)?.menus === menus) kept.delete(db);
    return lastRead.get(db) ?? DEFAULT_MENUS;
  });
  kept.set(db, { change: localChanges, menus });
  void menus.then((read) => lastRead.set(db, read));
  return menus;
}

/** Drops what this process keeps of a database's menus: another process changed them. */
export function forgetMenus(db: AppDatabase): void {
  kept.delete(db);
}

async function readNewest(db: AppDatabase): Promise<Menus> {
  const row = await db.selectFrom("navigation_versions").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row ? menusOf(row) : DEFAULT_MENUS;
}

/** Checks, saves and publishes the menus; a bad item is named (400). */
export async function saveMenus(db: AppDatabase, input: unknown, actor: Actor | null): Promise<NavigationResult> {
  const checked = checkMenus(input);
  if (!checked.ok) return { ok: false, code: "invalid", error: checked.error, fields: checked.fields };
  const unanswered = await firstUnanswered(db, checked.menus);
  if (unanswered) return unanswered;
  await db
    .insertInto("navigation_versions")
    .values({
      id: crypto.randomUUID(),
      header: JSON.stringify(checked.menus.header),
      footer: JSON.stringify(checked.menus.footer),
      saved_by: actor?.id ?? null,
      saved_by_name: actor?.name ?? null,
      created_at: await nextMoment(db),
    })
    .execute();
  await recordContentChange(db, [EVERY_PAGE_TAG]);
  return { ok: true, menus: checked.menus };
}

/** Now, or just after the newest version if the clock is not past it: the newest is always the live one. */
async function nextMoment(db: AppDatabase): Promise<string> {
  const newest = await db.selectFrom("navigation_versions").select("created_at").orderBy("created_at", "desc").limit(1).executeTakeFirst();
  const after = newest ? Date.parse(newest.created_at) + 1 : 0;
  return new Date(Math.max(Date.now(), after)).toISOString();
}

/** Every saved version, newest (the live one) first. */
export async function listNavigationRevisions(db: AppDatabase): Promise<NavigationRevision[]> {
  const rows = await db.selectFrom("navigation_versions").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(HISTORY_LENGTH).execute();
  return rows.map((row) => ({ id: row.id, saved_at: row.created_at, saved_by: row.saved_by_name, ...menusOf(row) }));
}

/** Saves an earlier version again: it becomes the live one, checked as any save is. */
export async function restoreNavigationRevision(db: AppDatabase, id: string, actor: Actor | null): Promise<NavigationResult> {
  const row = await db.selectFrom("navigation_versions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, code: "not_found", error: navigationMessages.revisionNotFound };
  return saveMenus(db, menusOf(row), actor);
}

export function menusOf(row: Pick<NavigationVersionsTable, "header" | "footer">): Menus {
  return { header: JSON.parse(row.header) as Menus["header"], footer: JSON.parse(row.footer) as Menus["footer"] };
}

/** The first link to an address of this site that no page, post or category answers. */
async function firstUnanswered(db: AppDatabase, menus: Menus): Promise<NavigationFailure | undefined> {
  for (const menu of MENU_NAMES) {
    for (const [index, item] of menus[menu].entries()) {
      if (hrefKind(item.href) !== "internal" || (await addressAnswers(db, internalPath(item.href)))) continue;
      const message = navigationMessages.notAnswered;
      return { ok: false, code: "invalid", error: itemError(menu, index, item.label, `address: ${message}`), fields: { [itemField(menu, index, "href")]: message } };
    }
  }
  return undefined;
}

/**
 * Whether the site answers a path: one of its own pages, a page the team made (live, scheduled
 * or a draft: a menu may be prepared before the launch), a post, or a category of posts.
 */
export async function addressAnswers(db: AppDatabase, path: string): Promise<boolean> {
  if ((PUBLIC_PAGE_PATHS as readonly string[]).includes(path) || OTHER_ADDRESSES.includes(path)) return true;
  const category = /^\/blog\/category\/([^/]+)$/.exec(path)?.[1];
  if (category) {
    const categories = await db.selectFrom("blog_posts").select("category").distinct().execute();
    return categories.some((row) => categorySlug(row.category) === decoded(category));
  }
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (slug) return Boolean(await db.selectFrom("blog_posts").select("id").where("slug", "=", decoded(slug)).executeTakeFirst());
  return addressTaken(db, path, undefined);
}

/** A path segment as the router reads it; a malformed escape stays as it is (and answers nothing). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
