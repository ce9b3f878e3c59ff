import { useState } from "react";
import { MENU_NAMES, type MenuName, type Menus, type NavigationRevision } from "../../domain/navigation";
import { navigationMessages } from "../../domain/navigation-rules";
import { checkMenus } from "../../domain/navigation-schema";
import { AdminTime, BackToAdmin, QueryStatus } from "../components/admin/admin-panels";
import { AdminButton } from "../components/admin/admin-form";
import { menuAddressSuggestions } from "../components/admin/navigation/address-suggestions";
import { ADDRESS_LIST_ID, MenuList, newRow, type MenuRow } from "../components/admin/navigation/menu-list";
import { MenuPreview } from "../components/admin/navigation/menu-preview";
import { FormAlert } from "../components/ui/form-messages";
import { adminNavigationCopy as copy, adminNavigationMeta } from "../content/admin-navigation";
import { adminApi } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { formatAdminDate } from "../lib/dates";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-navigation";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), adminNavigationMeta);

type Rows = Record<MenuName, MenuRow[]>;
const rowsOf = (menus: Menus): Rows => ({ header: menus.header.map((item) => newRow(item.label, item.href)), footer: menus.footer.map((item) => newRow(item.label, item.href)) });
const menusOf = (rows: Rows): Menus => ({
  header: rows.header.map(({ label, href }) => ({ label, href })),
  footer: rows.footer.map(({ label, href }) => ({ label, href })),
});

/** /admin/navigation: the header's and the footer's links, edited, previewed, and published by one save (docs/decisions/218). */
export default function AdminNavigation() {
  const { query, reload } = useAdminQuery("navigation", adminApi.navigation);
  const history = useAdminQuery("navigation-revisions", adminApi.navigationRevisions);
  const pages = useAdminQuery("pages", adminApi.listPages).query;
  const posts = useAdminQuery("posts", adminApi.listPosts).query;
  const suggestions = menuAddressSuggestions(pages.status === "ready" ? pages.data : [], posts.status === "ready" ? posts.data : []);
  const [announcement, setAnnouncement] = useState("");
  const saved = (message: string) => {
    setAnnouncement(message);
    history.reload();
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.heading}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{copy.lead}</p>
      <p role="status" className="mt-4 min-h-6 font-semibold text-emerald-800">
        {announcement}
      </p>
      <QueryStatus query={query} loading={copy.loading} failed={navigationMessages.loadFailed} />
      {query.status === "ready" ? <MenusForm key={JSON.stringify(query.data)} initial={query.data} onSaved={saved} onAnnounce={setAnnouncement} /> : null}
      <datalist id={ADDRESS_LIST_ID}>
        {suggestions.map((each) => (
          <option key={each.href} value={each.href} label={each.label} />
        ))}
      </datalist>
      <History
        revisions={history.query.status === "ready" ? history.query.data : undefined}
        onRestored={() => {
          reload();
          saved(copy.restored);
        }}
      />
    </div>
  );
}

function MenusForm({ initial, onSaved, onAnnounce }: { initial: Menus; onSaved: (message: string) => void; onAnnounce: (text: string) => void }) {
  const run = useAdminCall();
  const [rows, setRows] = useState<Rows>(() => rowsOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const menus = menusOf(rows);
    const checked = checkMenus(menus);
    if (!checked.ok) return refuse(checked.error, checked.fields);
    setBusy(true);
    const result = await run(adminApi.saveNavigation(menus));
    setBusy(false);
    if (!result.ok) return refuse(result.error ?? navigationMessages.saveFailed, result.fields ?? {});
    setErrors({});
    setFormError(undefined);
    onSaved(navigationMessages.saved);
  }
  function refuse(error: string, fields: Record<string, string>) {
    setErrors(fields);
    setFormError(error);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid min-w-0 gap-6">
        {MENU_NAMES.map((menu) => (
          <MenuList key={menu} menu={menu} rows={rows[menu]} errors={errors} onAnnounce={onAnnounce} onChange={(next) => setRows((current) => ({ ...current, [menu]: next }))} />
        ))}
      </div>
      <div className="grid min-w-0 content-start gap-4 lg:sticky lg:top-4 lg:self-start">
        <MenuPreview header={rows.header} footer={rows.footer} />
        <FormAlert error={formError} />
        <AdminButton variant="primary" type="submit" disabled={busy} className="min-h-11">
          {busy ? copy.saving : copy.save}
        </AdminButton>
      </div>
    </form>
  );
}

/** The saved versions, the live one first; any earlier one can be made live again. */
function History({ revisions, onRestored }: { revisions: NavigationRevision[] | undefined; onRestored: () => void }) {
  const run = useAdminCall();
  const [error, setError] = useState<string>();
  const earlier = revisions?.slice(1) ?? [];
  async function restore(id: string) {
    const result = await run(adminApi.restoreNavigation(id));
    if (!result.ok) return setError(result.error ?? navigationMessages.saveFailed);
    setError(undefined);
    onRestored();
  }
  return (
    <section aria-labelledby="menu-history-heading" className="mt-10">
      <h2 id="menu-history-heading" className="text-xl font-bold text-slate-900">
        {copy.historyHeading}
      </h2>
      <FormAlert error={error} />
      {revisions && earlier.length === 0 ? <p className="mt-2 text-slate-600">{copy.historyEmpty}</p> : null}
      <ul className="mt-4 grid gap-3">
        {earlier.map((revision) => (
          <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                <AdminTime iso={revision.saved_at} />
              </p>
              <p className="text-sm text-slate-600">{copy.historySaved(revision.saved_by)}</p>
              <p className="mt-1 text-sm break-words text-slate-700">
                {copy.menuHeading.header}: {revision.header.map((item) => item.label).join(" · ") || "—"}
              </p>
              <p className="text-sm break-words text-slate-700">
                {copy.menuHeading.footer}: {revision.footer.map((item) => item.label).join(" · ") || "—"}
              </p>
            </div>
            <AdminButton variant="secondary" className="min-h-11" onClick={() => void restore(revision.id)} aria-label={copy.restoreVersion(formatAdminDate(revision.saved_at))}>
              {copy.restore}
            </AdminButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
