import type { PageSummary } from "../../../../domain/site-pages";
import { adminPagesCopy as copy } from "../../../content/admin-pages";
import { formatAdminDate } from "../../../lib/dates";
import { SiteLink } from "../../ui/site-link";
import { AdminTime, StackedCell } from "../admin-panels";
import { StackedListTable } from "../stacked-list-table";

const badge = "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold";
const STATUS_LOOK = {
  draft: "bg-slate-100 text-slate-700",
  scheduled: "bg-amber-100 text-amber-900",
  published: "bg-green-100 text-green-800",
} as const;

/** Who sees the page on the site now: everyone, only the admin, or everyone from a date. */
export function pageAudience(page: Pick<PageSummary, "status" | "publish_at">): string {
  if (page.status === "published") return copy.audience.published;
  if (page.status === "scheduled" && page.publish_at) return copy.audience.scheduled(formatAdminDate(page.publish_at));
  return copy.audience.draft;
}

export function PageStatus({ page }: { page: Pick<PageSummary, "status" | "has_draft"> }) {
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className={`${badge} ${STATUS_LOOK[page.status]}`}>{copy.status[page.status]}</span>
      {page.has_draft ? <span className="text-xs text-slate-700">{copy.hasDraft}</span> : null}
    </span>
  );
}

/** The admin's list of pages: a table on wide screens, a card per page on a phone (decision 192). */
export function PageTable({ pages }: { pages: readonly PageSummary[] }) {
  const { columns } = copy;
  return (
    <StackedListTable columns={[columns.title, columns.address, columns.status, columns.audience, columns.updated]}>
      {pages.map((page) => (
        <tr key={page.id}>
          <th scope="row" className="max-w-sm min-w-48 px-4 py-3 font-normal">
            <SiteLink to={`/admin/pages/edit/${encodeURIComponent(page.id)}`} className="font-semibold break-words text-indigo-700 underline-offset-4 hover:underline">
              {page.title}
            </SiteLink>
            {page.system ? <span className="mt-0.5 block text-xs text-slate-600">{copy.systemPage}</span> : null}
          </th>
          <PageCell label={columns.address}>
            {page.status === "published" ? (
              <a href={page.path} aria-label={copy.liveLink(page.path)} className="font-mono text-xs break-all text-indigo-700 underline underline-offset-2">
                {page.path}
              </a>
            ) : (
              <span className="font-mono text-xs break-all text-slate-700">{page.path}</span>
            )}
          </PageCell>
          <PageCell label={columns.status}>
            <PageStatus page={page} />
          </PageCell>
          <PageCell label={columns.audience}>{pageAudience(page)}</PageCell>
          <PageCell label={columns.updated}>
            <AdminTime iso={page.updated_at} />
          </PageCell>
        </tr>
      ))}
    </StackedListTable>
  );
}

/** A cell with the table's padding that reads as "Name: value" on a phone. */
function PageCell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <StackedCell label={label} wide="md" className="text-slate-700 md:px-4 md:py-3">
      {children}
    </StackedCell>
  );
}
