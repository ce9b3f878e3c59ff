import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/security-submit";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.securitySubmit);

export default function SecuritySubmitPage() {
  return (
    <PageHeader
      title="Submit Vulnerability Report"
      lead="Tell us about a vulnerability you found."
    />
  );
}
