import { LegalDocumentPage } from "../components/marketing/legal-document";
import { buttonStyles } from "../components/ui/button-styles";
import { disclosurePolicy, securityMeta } from "../content/disclosure-policy";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/security";
import { SiteLink } from "../components/ui/site-link";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), securityMeta);

/** The policy's effective date is the day it is served, in the server's time zone. */
export function loader() {
  const effectiveDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date());
  return { effectiveDate };
}

export default function SecurityPage({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocumentPage
      document={disclosurePolicy.document}
      effectiveDate={loaderData.effectiveDate}
      headerAction={
        <div className="flex flex-wrap items-center gap-4">
          <SiteLink to="/security/submit" className={buttonStyles.primary}>
            {disclosurePolicy.submitLabel}
          </SiteLink>
          <SiteLink to="/security/acknowledgments" className={buttonStyles.secondary}>
            {disclosurePolicy.acknowledgmentsLabel}
          </SiteLink>
          <SiteLink to="/security/case" className="font-semibold text-indigo-700 underline">
            {disclosurePolicy.followReportLabel}
          </SiteLink>
        </div>
      }
    />
  );
}
