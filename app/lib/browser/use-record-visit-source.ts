import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Records the session's landing page once the page has hydrated (rendered once, by the root).
 * Runs again on each navigation, which records only while nothing is recorded yet: a session
 * that starts in the admin area is credited to its first public page.
 */
export function useRecordVisitSource(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // Its own chunk: the root's script is every page's, and recording can wait for it.
    void import("./visit-source").then((module) => module.recordVisitSource(), () => undefined);
  }, [pathname]);
}
