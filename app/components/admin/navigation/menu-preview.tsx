import { adminNavigationCopy as copy } from "../../../content/admin-navigation";
import type { MenuRow } from "./menu-list";

/**
 * The menus as the site will show them, drawn from what is typed (before saving): the header's
 * row of links and the footer's. Words only: a preview's links lead nowhere.
 */
export function MenuPreview({ header, footer }: { header: MenuRow[]; footer: MenuRow[] }) {
  return (
    <section aria-labelledby="menu-preview-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <h2 id="menu-preview-heading" className="text-xl font-bold text-slate-900">
        {copy.previewHeading}
      </h2>
      <h3 className="mt-4 text-sm font-semibold text-slate-700">{copy.previewHeader}</h3>
      <ul aria-label={copy.previewHeader} data-preview="header" className="mt-2 flex flex-wrap items-center gap-1 rounded-lg bg-white px-3 py-2 shadow-sm">
        {header.map((row) => (
          <li key={row.key} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700">
            {row.label.trim() || "…"}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-sm font-semibold text-slate-700">{copy.previewFooter}</h3>
      <ul aria-label={copy.previewFooter} data-preview="footer" className="mt-2 flex flex-wrap gap-x-2 rounded-lg border-t border-slate-200 bg-white px-3 py-2 text-sm">
        {footer.map((row) => (
          <li key={row.key} className="px-2 py-2 text-slate-700 underline underline-offset-4">
            {row.label.trim() || "…"}
          </li>
        ))}
      </ul>
    </section>
  );
}
