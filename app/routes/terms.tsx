import { LegalDocumentPage } from "../components/marketing/legal-document";
import { termsMeta, termsOfUse } from "../content/legal/terms";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), termsMeta);

export default function TermsPage() {
  return <LegalDocumentPage document={termsOfUse} />;
}
