import { pageEditorCopy as copy } from "../../../content/admin-pages";
import { adminApi } from "../../../lib/admin/client";
import { useAdminQuery } from "../../../lib/admin/hooks";
import { adminInputClass, FieldLabel } from "../admin-form";

/** The page a deleted one's address is sent to. */
export type DeleteRedirect = { id: string; path: string };

/**
 * Where a deleted page's address sends visitors (docs/decisions/223): nowhere (the not-found
 * page), or another page, which then answers the old address, and the page's own old ones, with a
 * 301. Read when Delete is pressed.
 */
export function DeleteRedirectField({ pageId, path, value, onChange }: { pageId: string; path: string; value: string; onChange: (target: DeleteRedirect | undefined) => void }) {
  const { query } = useAdminQuery("pages", adminApi.listPages);
  const others = query.status === "ready" ? query.data.filter((page) => page.id !== pageId) : [];
  return (
    <div>
      <FieldLabel htmlFor="page-delete-redirect">{copy.deleteRedirectLabel(path)}</FieldLabel>
      <select
        id="page-delete-redirect"
        value={value}
        onChange={(event) => {
          const target = others.find((page) => page.id === event.target.value);
          onChange(target && { id: target.id, path: target.path });
        }}
        className={`${adminInputClass} max-w-72 border-slate-300`}
      >
        <option value="">{copy.deleteRedirectNone}</option>
        {others.map((page) => (
          <option key={page.id} value={page.id}>
            {copy.deleteRedirectTo(page.path, page.title)}
          </option>
        ))}
      </select>
    </div>
  );
}
