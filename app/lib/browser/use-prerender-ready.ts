import { useEffect } from "react";
import { PRERENDER_MARKER_ATTRIBUTE, PRERENDER_MARKER_DELAY_MS } from "./ui-timing";

/**
 * Marks the body for pre-rendering tools about 500 ms after a data-driven page's data has
 * loaded. `dataKey` changes when new data arrives (for example the next page of a list).
 */
export function usePrerenderReady(dataKey: unknown): void {
  useEffect(() => {
    const timer = window.setTimeout(
      () => document.body.setAttribute(PRERENDER_MARKER_ATTRIBUTE, "true"),
      PRERENDER_MARKER_DELAY_MS,
    );
    return () => {
      window.clearTimeout(timer);
      document.body.removeAttribute(PRERENDER_MARKER_ATTRIBUTE);
    };
  }, [dataKey]);
}
