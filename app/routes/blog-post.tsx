import { data } from "react-router";
import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/blog-post";

export function loader() {
  // The posts service arrives with the public blog; until then no post exists.
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { ...pageMetaDefaults.blog, title: "Post Not Found", noindex: true });

export default function BlogPostPage() {
  return <PageHeader title="Post Not Found" />;
}
