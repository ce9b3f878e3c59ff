import { useEffect, useState } from "react";
import { EMPTY_SOURCE, type VisitSource } from "../../../domain/analytics";
import { recordVisitSource } from "./visit-source";

/**
 * The session's source, empty until hydrated. Records it first if need be: a child's effect runs
 * before the root's, so the page a session lands on may ask before the root has recorded it.
 */
export function useVisitSource(): VisitSource {
  const [source, setSource] = useState<VisitSource>(EMPTY_SOURCE);
  useEffect(() => setSource(recordVisitSource()), []);
  return source;
}
