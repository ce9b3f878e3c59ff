import { listAcknowledgments } from "../../server/disclosure/acknowledgments.server";
import { PageHeader } from "../components/ui/page-header";
import { SiteLink } from "../components/ui/site-link";
import { acknowledgmentsCopy, acknowledgmentsMeta } from "../content/acknowledgments";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/security-acknowledgments";

export async function loader({ context }: Route.LoaderArgs) {
  return { thanks: await listAcknowledgments(context.services.db) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), acknowledgmentsMeta);

/** "2026-11" as "November 2026", the same wherever it is rendered. */
function monthName(month: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

export default function SecurityAcknowledgmentsPage({ loaderData }: Route.ComponentProps) {
  const { thanks } = loaderData;
  return (
    <>
      <PageHeader title={acknowledgmentsCopy.title} lead={acknowledgmentsCopy.lead} />
      <div className="mx-auto max-w-3xl px-4 pb-24 sm:px-6">
        {thanks.length === 0 ? (
          <p className="text-slate-700">{acknowledgmentsCopy.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {thanks.map((entry, index) => (
              <li key={index} className="px-6 py-4">
                <p className="font-semibold text-slate-900">
                  {entry.url ? (
                    <a href={entry.url} rel="nofollow noopener noreferrer ugc" className="text-indigo-700 underline">
                      {entry.name}
                    </a>
                  ) : (
                    entry.name
                  )}
                </p>
                <p className="text-sm text-slate-600">
                  {acknowledgmentsCopy.resolvedIn} {monthName(entry.month)}
                  {entry.title ? <> · {entry.title}</> : null}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-8">
          <SiteLink to="/security" className="font-semibold text-indigo-700 underline">
            {acknowledgmentsCopy.policyLink}
          </SiteLink>
        </p>
      </div>
    </>
  );
}
