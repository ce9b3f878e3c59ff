import { onCLS, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { PAGE_SPEED_MARK, WEB_VITALS_ENDPOINT, type VitalsBeacon } from "../../../domain/web-vitals";

/**
 * Collects LCP, INP, CLS and TTFB of this document and sends them once, with
 * `navigator.sendBeacon`, when the page is first hidden (a tab switch, a link away, closing).
 * web-vitals reports its final values from its own listeners, which run before ours (capture).
 * Later changes (the page shown again, or restored from the back/forward cache) are not sent:
 * one beacon per page view, for the path the document was loaded at.
 */
export function reportPageSpeed(path: string): void {
  const beacon: VitalsBeacon = { path };
  const keep = (field: "lcp" | "inp" | "cls" | "ttfb") => (metric: Metric) => {
    beacon[field] = field === "cls" ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  };
  onLCP(keep("lcp"));
  onINP(keep("inp"));
  onCLS(keep("cls"));
  onTTFB(keep("ttfb"));

  let sent = false;
  const send = () => {
    if (sent || Object.keys(beacon).length < 2 || typeof navigator.sendBeacon !== "function") return;
    sent = true;
    // A string goes as text/plain: no preflight, nothing to configure.
    navigator.sendBeacon(WEB_VITALS_ENDPOINT, JSON.stringify(beacon));
  };
  // Not at pagehide: when a page is left, pagehide comes first, and web-vitals only finishes CLS
  // and INP at the visibilitychange after it (which every current browser fires, Safari since 14.1).
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  // Says, in the page's own timeline, from when this page view will be reported (tests wait for it).
  performance.mark?.(PAGE_SPEED_MARK);
}
