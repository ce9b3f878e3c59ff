import { useParams } from "react-router";
import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-editor";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(siteFromMatches(matches), {
    ...pageMetaDefaults.adminBlog,
    title: params.id ? "Edit Post" : "Create Post",
    path: params.id ? `/admin/blog/edit/${params.id}` : "/admin/blog/new",
  });

export default function AdminEditorPage() {
  const { id } = useParams();
  return <PageHeader title={id ? "Edit Post" : "Create Post"} />;
}
