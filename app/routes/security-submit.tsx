import { ReportForm } from "../components/security/report-form";
import { PageHeader } from "../components/ui/page-header";
import { securitySubmitCopy, securitySubmitMeta } from "../content/security-submit";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/security-submit";
import { SiteLink } from "../components/ui/site-link";
import { attachmentRule } from "../../server/reports/attachment-rule.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), securitySubmitMeta);

/** The attachments' rule comes from the server that applies it (and costs the page no script). */
export function loader() {
  return { attachmentRule: attachmentRule() };
}

export default function SecuritySubmitPage({ loaderData }: Route.ComponentProps) {
  const { guidelines } = securitySubmitCopy;
  return (
    <>
      <PageHeader title={securitySubmitCopy.title} lead={securitySubmitCopy.intro} />
      <div className="mx-auto max-w-3xl px-4 pb-24 sm:px-6">
        <aside
          aria-labelledby="guidelines-title"
          className="mb-10 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950"
        >
          <h2 id="guidelines-title" className="text-lg font-semibold">
            {guidelines.title}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>
              {guidelines.reviewPolicy[0]}
              <SiteLink to="/security" className="font-semibold underline hover:text-amber-800">
                {guidelines.policyLinkText}
              </SiteLink>
              {guidelines.reviewPolicy[1]}
            </li>
            {guidelines.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </aside>
        <ReportForm attachmentRule={loaderData.attachmentRule} />
      </div>
    </>
  );
}
