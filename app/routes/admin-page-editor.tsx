import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import type { SitePage } from "../../domain/site-pages";
import { QueryStatus } from "../components/admin/admin-panels";
import { AddToHeaderMenu } from "../components/admin/navigation/add-to-header-menu";
import { PageEditor } from "../components/admin/pages/page-editor";
import { TemplateChooser } from "../components/admin/pages/template-chooser";
import { pageDraftFromTemplate, pageDraftOf } from "../components/admin/pages/use-page-draft";
import { PAGE_TEMPLATE_KEYS, type PageTemplateKey } from "../../domain/page-templates";
import { PostPerformance } from "../components/admin/post-performance";
import { SiteLink } from "../components/ui/site-link";
import { adminPagesMeta, pageEditorCopy as copy } from "../content/admin-pages";
import { adminApi } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-page-editor";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(siteFromMatches(matches), {
    ...adminPagesMeta.editor,
    title: params.id ? copy.editHeading : copy.createHeading,
    path: params.id ? `/admin/pages/edit/${params.id}` : "/admin/pages/new",
  });

/**
 * /admin/pages/new and /admin/pages/edit/{id}: edit mode when an id is present; a new page starts
 * blank, from the template `?template=` names, or as a copy of the page `?from={id}` names (its
 * newest version, at no address yet).
 */
export default function AdminPageEditor() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const from = search.get("from");
  const asked = search.get("template");
  const template: PageTemplateKey = PAGE_TEMPLATE_KEYS.find((key) => key === asked) ?? "blank";
  const linkClass = "text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline";
  return (
    <section className="mx-auto max-w-7xl px-4 pt-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SiteLink to="/admin/pages" className={linkClass}>
          <span aria-hidden="true">← </span>
          {copy.backToPages}
        </SiteLink>
        {id ? (
          <SiteLink to={`/admin/pages/new?from=${encodeURIComponent(id)}`} className={linkClass}>
            {copy.makeCopy}
          </SiteLink>
        ) : null}
      </div>
      <h1 className="mt-4 mb-6 text-3xl font-bold tracking-tight text-slate-900">{id ? copy.editHeading : copy.createHeading}</h1>
      {id ? (
        <>
          <StoredPage
            key={id}
            id={id}
            edit={(page) => (
              <>
                <AddToHeaderMenu page={page} />
                <PageEditor stored={page} initial={pageDraftOf(page)} />
              </>
            )}
          />
          <div className="mt-8 max-w-md">
            <PostPerformance key={`stats:${id}`} id={id} of="page" />
          </div>
        </>
      ) : from ? (
        <StoredPage key={`copy:${from}`} id={from} edit={(page) => <PageEditor initial={{ ...pageDraftOf(page), title: copy.copyTitle(page.title), path: "" }} />} />
      ) : (
        <>
          <TemplateChooser current={template} />
          <NewPage key={`new:${template}`} template={template} />
        </>
      )}
    </section>
  );
}

/** A new page's editor, from its template: drawn once, so its blocks keep the ids they were given. */
function NewPage({ template }: { template: PageTemplateKey }) {
  const [initial] = useState(() => pageDraftFromTemplate(template));
  return <PageEditor initial={initial} />;
}

function StoredPage({ id, edit }: { id: string; edit: (page: SitePage) => React.ReactNode }) {
  const { query } = useAdminQuery(`page:${id}`, () => adminApi.getPage(id));
  if (query.status === "ready") return edit(query.data);
  return <QueryStatus query={query} loading={copy.loading} failed={copy.notFound} className="py-16 text-center" failedClassName="text-lg font-semibold text-slate-900" />;
}
