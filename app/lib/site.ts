import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "../../domain/site";
import { DEFAULT_MENUS, type Menus } from "../../domain/navigation";

/** The public site configuration loaded once by the root route. */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData("root") as { site: SiteConfig } | undefined;
  if (!data) throw new Error("useSite() needs the root route's data");
  return data.site;
}

/**
 * The menus of the header and the footer as the root route loaded them; the specification's
 * links where the root's data is missing (an error page whose root loader failed).
 */
export function useMenus(): Menus {
  const data = useRouteLoaderData("root") as { menus?: Menus } | undefined;
  return data?.menus ?? DEFAULT_MENUS;
}
