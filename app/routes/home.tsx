import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.home);

export default function HomePage() {
  return (
    <PageHeader
      title="Turn your documents into conversations that teach"
      lead="Dialogic turns the content you already have into conversation-based training, and measures what people understand."
    />
  );
}
