import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.privacy);

export default function PrivacyPage() {
  return (
    <PageHeader
      title="Privacy Policy"
      lead="How we collect, use and protect information."
    />
  );
}
