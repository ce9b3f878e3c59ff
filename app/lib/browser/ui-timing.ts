/** Timings and thresholds of the page chrome (specification, section 9); the browser reads them. */

/** Pixels of scroll after which the top bar changes style. */
export const NAV_SCROLL_THRESHOLD_PX = 20;
/** Share of a section that must be visible before it reveals. */
export const REVEAL_THRESHOLD = 0.15;
/** Delay between a data-driven page's data loading and its body marker for pre-renderers. */
export const PRERENDER_MARKER_DELAY_MS = 500;
export const PRERENDER_MARKER_ATTRIBUTE = "data-prerender-ready";
