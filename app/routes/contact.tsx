import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.contact);

export default function ContactPage() {
  return (
    <PageHeader
      title="Contact us"
      lead="Tell us what you would like to train, and we will get back to you."
    />
  );
}
