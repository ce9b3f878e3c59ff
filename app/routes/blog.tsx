import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.blog);

export default function BlogPage() {
  return (
    <PageHeader
      title="AI training insights"
      lead="Articles on learning science, compliance, onboarding and measuring understanding."
    />
  );
}
