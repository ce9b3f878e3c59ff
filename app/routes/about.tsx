import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.about);

export default function AboutPage() {
  return (
    <PageHeader
      title="About us"
      lead="We help organizations make sure what people learn at work is understood and remembered."
    />
  );
}
