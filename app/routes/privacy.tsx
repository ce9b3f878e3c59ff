import { LegalDocumentPage } from "../components/marketing/legal-document";
import { privacyPolicy } from "../content/legal/privacy";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.privacy);

export default function PrivacyPage() {
  return <LegalDocumentPage document={privacyPolicy} />;
}
