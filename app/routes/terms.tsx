import { LegalDocumentPage } from "../components/marketing/legal-document";
import { termsOfUse } from "../content/legal/terms";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.terms);

export default function TermsPage() {
  return <LegalDocumentPage document={termsOfUse} />;
}
