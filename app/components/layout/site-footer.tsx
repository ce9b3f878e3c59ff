import { navigationLabels } from "../../../domain/site-copy/shared";
import { useMenus, useSite } from "../../lib/site";
import { MenuLink } from "../ui/menu-link";
import { Logo } from "./logo";

const footerLinkClass = () => "inline-flex min-h-11 items-center rounded-md px-2 text-slate-700 underline-offset-4 hover:text-indigo-700 hover:underline";

export function SiteFooter() {
  const site = useSite();
  const { footer } = useMenus();
  return (
    <footer className="mt-24 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <Logo name={site.siteName} />
          <p className="mt-3 text-sm text-slate-600">
            Conversation-based training built from your own content.
          </p>
        </div>
        <nav aria-label={navigationLabels.footer}>
          <ul className="-mx-2 flex flex-wrap gap-x-2 text-sm">
            {footer.map((link, index) => (
              <li key={`${index}-${link.href}`}>
                <MenuLink item={link} className={footerLinkClass} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} {site.siteName}. All rights reserved.
      </p>
    </footer>
  );
}
