import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { EMPTY_SOURCE, type VisitSource } from "../../../domain/analytics";
import { recordVisitSource } from "./visit-source";

/**
 * Records the session's landing page once the page has hydrated (rendered once, by the root).
 * Runs again on each navigation, which records only while nothing is recorded yet: a session
 * that starts in the admin area is credited to its first public page.
 */
export function useRecordVisitSource(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    recordVisitSource();
  }, [pathname]);
}

/**
 * The session's source, empty until hydrated. Records it first if need be: a child's effect runs
 * before the root's, so the page a session lands on may ask before the root has recorded it.
 */
export function useVisitSource(): VisitSource {
  const [source, setSource] = useState<VisitSource>(EMPTY_SOURCE);
  useEffect(() => setSource(recordVisitSource()), []);
  return source;
}
