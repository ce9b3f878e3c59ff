import { WEB_VITAL_NAMES, type PostStats } from "../../../domain/analytics";
import { analyticsCopy, postPerformanceCopy as copy } from "../../content/analytics-dashboard";
import { filterHref } from "../../lib/admin/analytics-view";
import { adminApi } from "../../lib/admin/client";
import { useAdminQuery } from "../../lib/admin/hooks";
import { formatNumber } from "../../lib/admin/period";
import { SiteLink } from "../ui/site-link";
import { QueryStatus } from "./admin-panels";
import { VitalValue } from "./analytics-tables";

/** What the panel is of: a post, or a page the team edits (decision 226). */
const SUBJECTS = {
  post: { load: adminApi.postStats, loading: copy.loading, failed: copy.failed },
  page: { load: adminApi.pageStats, loading: copy.pageLoading, failed: copy.pageFailed },
} as const;

/**
 * A stored post's or page's own figures in its editor (decisions 185, 226): views, visitors, leads
 * and demo clicks over 30 days with the 30 before, its top sources and campaigns, and its page
 * speed, from `GET /api/admin/posts/:id/stats` or `GET /api/admin/pages/:id/stats`.
 */
export function PostPerformance({ id, of = "post" }: { id: string; of?: keyof typeof SUBJECTS }) {
  const subject = SUBJECTS[of];
  const { query } = useAdminQuery(`${of}-stats:${id}`, () => subject.load(id));
  return (
    <section aria-labelledby="post-performance" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="post-performance" className="text-base font-bold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-1 text-xs text-slate-700">{copy.lead}</p>
      <QueryStatus query={query} loading={subject.loading} failed={subject.failed} className="mt-3 text-sm" />
      {query.status === "ready" ? <Figures stats={query.data} /> : null}
    </section>
  );
}

function Figures({ stats }: { stats: PostStats }) {
  const figures = [
    { label: copy.figures.views, now: stats.views, before: stats.previous.views },
    { label: copy.figures.visitors, now: stats.visitors, before: stats.previous.visitors },
    { label: copy.figures.leads, now: stats.leads, before: stats.previous.leads },
    { label: copy.figures.demoClicks, now: stats.demo_clicks, before: stats.previous.demo_clicks },
  ];
  return (
    <>
      <dl className="mt-3 grid grid-cols-2 gap-2">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-700">{figure.label}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{formatNumber(figure.now)}</dd>
            <dd className="text-xs text-slate-700">{copy.before(formatNumber(figure.before))}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{copy.sources}</h3>
      {stats.sources.length === 0 ? (
        <p className="text-sm text-slate-700">{copy.none}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-800">
          {stats.sources.map((row) => (
            <li key={row.host} className="flex justify-between gap-2">
              <span className="[overflow-wrap:anywhere]">{row.host || analyticsCopy.direct}</span>
              <span className="tabular-nums whitespace-nowrap">{copy.visitorsLeads(formatNumber(row.visitors), formatNumber(row.leads))}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{copy.campaigns}</h3>
      {stats.campaigns.length === 0 ? (
        <p className="text-sm text-slate-700">{copy.none}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-800">
          {stats.campaigns.map((row) => (
            <li key={[row.source, row.medium, row.campaign].join("\n")} className="flex justify-between gap-2">
              <span className="[overflow-wrap:anywhere]">{[row.source, row.medium, row.campaign].filter(Boolean).join(" / ")}</span>
              <span className="tabular-nums whitespace-nowrap">{copy.visitorsLeads(formatNumber(row.visitors), formatNumber(row.leads))}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{copy.speed}</h3>
      {stats.vitals ? (
        <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {WEB_VITAL_NAMES.map((metric) => (
            <div key={metric}>
              <dt className="text-xs text-slate-700">{metric}</dt>
              <dd>
                <VitalValue metric={metric} value={stats.vitals![`${metric.toLowerCase() as "lcp" | "inp" | "cls" | "ttfb"}_p75`]} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{copy.noSpeed}</p>
      )}
      <SiteLink to={filterHref(new URLSearchParams({ days: "30" }), { kind: "path", value: stats.path })} className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-indigo-700 underline">
        {copy.allFigures}
      </SiteLink>
    </>
  );
}
