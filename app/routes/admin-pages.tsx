import { QueryStatus } from "../components/admin/admin-panels";
import { PageTable } from "../components/admin/pages/page-table";
import { MessagePanel } from "../components/ui/message-panel";
import { SiteLink } from "../components/ui/site-link";
import { adminPagesCopy as copy, adminPagesMeta } from "../content/admin-pages";
import { adminApi } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-pages";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), adminPagesMeta.list);

const newPageClass = "rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800";

/** /admin/pages: every page built from blocks, with its status and who can see it. */
export default function AdminPages() {
  const { query } = useAdminQuery("pages", adminApi.listPages);
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy.listHeading}</h1>
        <SiteLink to="/admin/pages/new" className={newPageClass}>
          {copy.newPage}
        </SiteLink>
      </div>
      <p className="mt-2 max-w-3xl text-slate-700">{copy.listLead}</p>
      <div className="mt-8">
        <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} className="py-16 text-center" />
        {query.status !== "ready" ? null : query.data.length === 0 ? (
          <MessagePanel
            className="rounded-2xl border-2 border-dashed border-slate-200 px-6 py-16 text-center"
            heading={<h2 className="text-xl font-semibold text-slate-900">{copy.emptyHeading}</h2>}
            lead={copy.emptyLead}
            leadClassName="mt-2 text-slate-600"
            linkClassName={`mt-6 inline-block ${newPageClass}`}
            link={{ to: "/admin/pages/new", label: copy.createFirst }}
          />
        ) : (
          <PageTable pages={query.data} />
        )}
      </div>
    </section>
  );
}
