import { LegalDocumentPage } from "../components/marketing/legal-document";
import { privacyMeta, privacyPolicy } from "../content/legal/privacy";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), privacyMeta);

export default function PrivacyPage() {
  return <LegalDocumentPage document={privacyPolicy} />;
}
