import type { Locator, Page } from "@playwright/test";

/**
 * Keyboard focus and touch target checks (WCAG 2.4.7 / 2.4.13 and 2.5.8), measured from the
 * browser's computed styles, for any page: public pages today, the admin pages later.
 */

export type FocusStop = {
  /** A short description of the focused element: tag, name, text. */
  element: string;
  /** The best contrast any part of its focus indicator reaches against what lies behind it. */
  contrast: number;
  /** What the indicator is made of, for the failure message. */
  indicator: string;
};

/** What `tabThrough` found: every focus stop, and those whose indicator is missing or too faint. */
export type FocusReport = { stops: FocusStop[]; problems: string[] };

/**
 * Presses Tab from the top of the page until focus leaves the page or comes back round, and
 * measures the focus indicator of every element that receives focus. An indicator counts when
 * it is an outline or a solid box-shadow ring at least `minWidth` px wide whose colour reaches
 * `minContrast` against the surface it is drawn on (the element's own background for an inset
 * ring, otherwise the first opaque background behind the element, every colour of a gradient
 * included).
 */
export async function tabThrough(
  page: Page,
  { maxStops = 200, minContrast = 3, minWidth = 2 }: { maxStops?: number; minContrast?: number; minWidth?: number } = {},
): Promise<FocusReport> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.getSelection()?.removeAllRanges();
  });
  const stops: FocusStop[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < maxStops; index += 1) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(measureFocusedElement, { minWidth });
    if (!stop) break;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    stops.push({ element: stop.element, contrast: stop.contrast, indicator: stop.indicator });
    if (stop.contrast < minContrast) {
      problems.push(`${stop.element}: focus indicator ${stop.indicator} reaches ${stop.contrast.toFixed(2)}:1`);
    }
  }
  return { stops, problems };
}

/** Runs in the page: the focused element's indicator and its best contrast, or null at the end. */
function measureFocusedElement({ minWidth }: { minWidth: number }) {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body || element === document.documentElement) return null;
  // Measure the settled focus style, not a frame of a colour transition towards it.
  for (const animation of element.getAnimations()) {
    try {
      animation.finish();
    } catch {
      // An endless animation (a spinner) cannot finish; it does not draw the focus ring.
    }
  }

  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  type Rgba = [number, number, number, number];
  // The canvas turns any CSS colour (oklch, color-mix, named) into sRGB.
  function toRgba(color: string): Rgba {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = "rgba(0, 0, 0, 0)";
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  }
  function over(top: Rgba, below: Rgba): Rgba {
    const alpha = top[3];
    return [0, 1, 2].map((channel) => top[channel]! * alpha + below[channel]! * (1 - alpha)).concat(1) as Rgba;
  }
  function luminance([r, g, b]: Rgba): number {
    const linear = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  }
  function contrast(a: Rgba, b: Rgba): number {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  }
  const colourPattern = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)|#[0-9a-f]{3,8}\b|\b(?:white|black|transparent)\b/gi;

  /** The possible surfaces an element paints over: its own layers, then its ancestors', down to white. */
  function surfacesFrom(start: Element | null): Rgba[] {
    const layers: Rgba[] = [];
    for (let node = start; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const gradient = style.backgroundImage.includes("gradient(")
        ? (style.backgroundImage.match(colourPattern) ?? []).map(toRgba)
        : [];
      const color = toRgba(style.backgroundColor);
      if (gradient.length > 0) {
        // Every stop of the gradient is a surface the element may sit on.
        return gradient.map((stop) => layers.reduceRight((below, layer) => over(layer, below), over(stop, [255, 255, 255, 1])));
      }
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    return [layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])];
  }

  const style = getComputedStyle(element);
  const outside = surfacesFrom(element.parentElement);
  const inside = surfacesFrom(element);
  const parts: { label: string; color: Rgba; surfaces: Rgba[] }[] = [];
  const outlineWidth = parseFloat(style.outlineWidth);
  if (style.outlineStyle !== "none" && outlineWidth >= minWidth) {
    const offset = parseFloat(style.outlineOffset);
    parts.push({
      label: `outline ${style.outlineWidth} ${style.outlineColor}`,
      color: toRgba(style.outlineColor),
      surfaces: offset + outlineWidth <= 0 ? inside : outside,
    });
  }
  if (style.boxShadow !== "none") {
    // Split "color x y blur spread [inset], ..." at the commas between shadows.
    for (const shadow of style.boxShadow.split(/,(?![^()]*\))/)) {
      const color = shadow.match(colourPattern)?.[0];
      const lengths = shadow.replace(colourPattern, "").match(/-?[\d.]+px/g)?.map(parseFloat) ?? [];
      const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
      if (!color || x !== 0 || y !== 0 || blur > 0 || spread < minWidth) continue;
      const rgba = toRgba(color);
      if (rgba[3] < 0.5) continue;
      parts.push({
        label: `ring ${spread}px ${color}`,
        color: rgba,
        surfaces: shadow.includes("inset") ? inside : outside,
      });
    }
  }
  const scores = parts.map((part) => ({
    label: part.label,
    value: Math.min(...part.surfaces.map((surface) => contrast(over(part.color, surface), surface))),
  }));
  const best = scores.reduce((top, score) => (score.value > top.value ? score : top), { label: "none", value: 0 });

  const name =
    element.getAttribute("aria-label") ??
    (element as HTMLInputElement).labels?.[0]?.textContent ??
    element.textContent ??
    "";
  const id = element.id ? `#${element.id}` : "";
  const path: string[] = [];
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
    path.unshift(`${node.tagName}:${Array.prototype.indexOf.call(node.parentElement?.children ?? [], node)}`);
  }
  return {
    key: path.join("/"),
    element: `<${element.tagName.toLowerCase()}${id}> "${name.replace(/\s+/g, " ").trim().slice(0, 40)}"`,
    contrast: Math.round(best.value * 100) / 100,
    indicator: best.label,
  };
}

export type TargetSize = { element: string; width: number; height: number };

/**
 * The visible links, buttons and form controls inside `container` smaller than `min` CSS px in
 * width or height (WCAG 2.5.8 asks 24 × 24).
 */
export async function smallTargets(
  container: Locator,
  { minWidth = 24, minHeight = 24 }: { minWidth?: number; minHeight?: number } = {},
): Promise<TargetSize[]> {
  return container.evaluate(
    (root, limits) => {
      const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])";
      return Array.from(root.querySelectorAll<HTMLElement>(selector))
        .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden")
        .map((element) => {
          const box = element.getBoundingClientRect();
          return {
            element: `<${element.tagName.toLowerCase()}> "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`,
            width: Math.round(box.width * 10) / 10,
            height: Math.round(box.height * 10) / 10,
          };
        })
        .filter((size) => size.width < limits.minWidth || size.height < limits.minHeight);
    },
    { minWidth, minHeight },
  );
}

/** How many visible targets `container` holds, so a check over none cannot pass by accident. */
export async function countTargets(container: Locator): Promise<number> {
  return container.locator("a[href]:visible, button:visible").count();
}
