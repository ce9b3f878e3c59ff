import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.security);

export default function SecurityPage() {
  return (
    <PageHeader
      title="Responsible Disclosure Policy"
      lead="How to report a security vulnerability to us."
    />
  );
}
