import { useEffect } from "react";
import { useMatches } from "react-router";
import { isTeamPath } from "../../../domain/team-paths";

let started = false;

/**
 * Measures real visitors' page speed (docs/decisions/143) on the page a hard load landed on, if it
 * is a public page: after hydration, the reporter and the web-vitals library load as a chunk of
 * their own and send one beacon when the page is hidden. Client-side navigations are not
 * measured: web-vitals measures the document, so its LCP and TTFB belong to the landing page.
 */
export function usePageSpeed(): void {
  const notFound = useMatches().some((match) => match.id === "routes/not-found");
  useEffect(() => {
    // Once per document: the first run is the landing page, or the page after one this hook did not see.
    if (started) return;
    started = true;
    const landing = landingPath();
    if (notFound || landing !== window.location.pathname || isTeamPath(landing)) return;
    void import("./page-speed-reporter").then(({ reportPageSpeed }) => reportPageSpeed(landing), () => undefined);
  }, [notFound]);
}

/** The path of the document's own address (after redirects), or "" when the browser does not say. */
function landingPath(): string {
  const [navigation] = performance.getEntriesByType?.("navigation") ?? [];
  try {
    return navigation ? new URL(navigation.name).pathname : "";
  } catch {
    return "";
  }
}
