import { PAGE_TEMPLATE_KEYS, PAGE_TEMPLATES, type PageTemplateKey } from "../../../../domain/page-templates";
import { pageEditorCopy as copy } from "../../../content/admin-pages";
import { SiteLink } from "../../ui/site-link";

/**
 * A new page's starting points (docs/decisions/224): each a link to the new page's screen with
 * `?template=`, so the editor starts over from it; the chosen one is marked as the current one.
 */
export function TemplateChooser({ current }: { current: PageTemplateKey }) {
  return (
    <nav aria-labelledby="page-templates-heading" className="mb-8">
      <h2 id="page-templates-heading" className="text-lg font-semibold text-slate-900">
        {copy.templatesHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.templatesLead}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
        {PAGE_TEMPLATE_KEYS.map((key) => (
          <li key={key}>
            <SiteLink
              to={key === "blank" ? "/admin/pages/new" : `/admin/pages/new?template=${key}`}
              aria-current={key === current ? "page" : undefined}
              className={`block h-full rounded-lg border px-3 py-2 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${key === current ? "border-indigo-600 bg-indigo-50" : "border-slate-200 bg-white"}`}
            >
              <span className="block text-sm font-semibold text-slate-900">{PAGE_TEMPLATES[key].label}</span>
              <span className="block text-xs text-slate-600">{PAGE_TEMPLATES[key].description}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
