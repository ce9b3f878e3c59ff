import type { Transaction } from "kysely";
import { SYSTEM_PAGE_PATHS, type PageVersion } from "../../domain/site-pages";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

type Executor = AppDatabase | Transaction<Database>;

/** The page asking for an address: its id and whether it is one of the specification's pages, at which live path. */
export type AddressClaimant = { id: string; system: 0 | 1; path: string } | undefined;

/**
 * Whether `path` is taken for this page (undefined for a new one): another page's live or draft
 * address, or one of the specification's pages unless this page is that page.
 */
export async function addressTaken(db: Executor, path: string, page: AddressClaimant): Promise<boolean> {
  if (SYSTEM_PAGE_PATHS.includes(path) && !(page?.system === 1 && page.path === path)) return true;
  const others = await db
    .selectFrom("site_pages")
    .select(["path", "draft"])
    .$if(page !== undefined, (query) => query.where("id", "<>", page!.id))
    .execute();
  return others.some((other) => other.path === path || (other.draft !== null && (JSON.parse(other.draft) as PageVersion).path === path));
}

/**
 * A page's live address moves from `from` to `to`: the old one answers 301 to the page when the
 * page was on the site (`leaveRedirect`), and a redirect kept for the new one (this page's own
 * old address, or another page's) gives way to the page that now takes it.
 */
export async function moveLiveAddress(
  trx: Executor,
  pageId: string,
  { from, to, leaveRedirect }: { from: string; to: string; leaveRedirect: boolean },
  now: string,
): Promise<void> {
  await trx.deleteFrom("site_page_redirects").where("old_path", "=", to).execute();
  if (!leaveRedirect || from === to) return;
  await trx.deleteFrom("site_page_redirects").where("old_path", "=", from).execute();
  await trx.insertInto("site_page_redirects").values({ old_path: from, page_id: pageId, created_at: now }).execute();
}
