import { useState } from "react";
import { NAVIGATION_LIMITS } from "../../../../domain/navigation-rules";
import { may } from "../../../../domain/roles";
import { adminNavigationCopy as copy } from "../../../content/admin-navigation";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { useMe } from "../../../lib/admin/signed-in-person";
import { AdminButton } from "../admin-form";

/**
 * The page editor's "Add to the header menu" (issue 44): the page's title and address go at the
 * end of the live header menu, published at once; a page already there is left as it is.
 */
export function AddToHeaderMenu({ page }: { page: { title: string; path: string } }) {
  const me = useMe();
  const run = useAdminCall();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  if (!may(me.role, "navigation.edit")) return null;

  async function add() {
    setBusy(true);
    const current = await run(adminApi.navigation());
    const menus = current.ok ? current.data : undefined;
    if (menus?.header.some((item) => item.href === page.path)) {
      setBusy(false);
      return setOutcome({ ok: true, text: copy.alreadyInHeader });
    }
    if (menus && menus.header.length >= NAVIGATION_LIMITS.header) {
      setBusy(false);
      return setOutcome({ ok: false, text: copy.headerFull });
    }
    const saved = menus ? await run(adminApi.saveNavigation({ ...menus, header: [...menus.header, { label: page.title, href: page.path }] })) : undefined;
    setBusy(false);
    if (saved?.ok) return setOutcome({ ok: true, text: copy.addedToHeader });
    setOutcome({ ok: false, text: (saved && !saved.ok && saved.error) || copy.addToHeaderFailed });
  }

  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <AdminButton variant="outline" className="min-h-11" disabled={busy} onClick={() => void add()}>
        {copy.addToHeader}
      </AdminButton>
      <p role="status" className={`text-sm font-semibold ${outcome?.ok === false ? "text-red-700" : "text-emerald-800"}`}>
        {outcome?.text}
      </p>
    </div>
  );
}
