import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true once the page is
 * interactive. A control that only works through React is disabled until then, so a click that
 * comes before the page's JavaScript (which loads after the first paint, decision 078) is refused
 * visibly instead of lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
