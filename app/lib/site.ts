import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "../../domain/site";

/** The public site configuration loaded once by the root route. */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData("root") as { site: SiteConfig } | undefined;
  if (!data) throw new Error("useSite() needs the root route's data");
  return data.site;
}
