/**
 * The geometry of the dashboard's day chart, apart from its drawing so that it can be tested:
 * a y scale with round steps, the points of a series, their path and which days get a label.
 */

export type ChartBox = { width: number; height: number; left: number; right: number; top: number; bottom: number };
export type Point = { x: number; y: number };

/** The smallest of 1, 2 or 5 times a power of ten that is at least `value` (and at least 1: counts are whole). */
export function roundStep(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * power >= value) return factor * power;
  }
  return 10 * power;
}

/** The y axis for counts up to `max`: ticks from 0 in round steps, the last at or above `max`. */
export function yScale(max: number, steps = 4): { top: number; ticks: number[] } {
  const step = roundStep(Math.max(0, max) / steps);
  const count = Math.max(1, Math.ceil(Math.max(0, max) / step));
  const ticks = Array.from({ length: count + 1 }, (_, index) => index * step);
  return { top: count * step, ticks };
}

/** The x of the i-th of n days: spread over the plot, a lone day in its middle. */
export function xOf(index: number, count: number, box: ChartBox): number {
  const plot = box.width - box.left - box.right;
  return count <= 1 ? box.left + plot / 2 : box.left + (index * plot) / (count - 1);
}

/** The y of a count on a scale from 0 to `top`. */
export function yOf(value: number, top: number, box: ChartBox): number {
  const plot = box.height - box.top - box.bottom;
  return box.top + plot - (top > 0 ? (value / top) * plot : 0);
}

export function seriesPoints(values: readonly number[], top: number, box: ChartBox): Point[] {
  return values.map((value, index) => ({ x: round(xOf(index, values.length, box)), y: round(yOf(value, top, box)) }));
}

/** An SVG path through the points ("M x y L x y …"); "" for none. */
export function linePath(points: readonly Point[]): string {
  return points.map((point, index) => `${index === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" ");
}

/**
 * Which days get a label under the axis: evenly spaced, the first and the last always, at most
 * `room` of them (so labels never overlap on a narrow screen).
 */
export function labelIndexes(count: number, room: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [0];
  const labels = Math.max(2, Math.min(count, Math.floor(room)));
  const stride = Math.ceil((count - 1) / (labels - 1));
  const indexes: number[] = [];
  for (let index = 0; index < count - 1; index += stride) indexes.push(index);
  // The last day always; the one before it goes if it is nearer than a stride (it would crowd it).
  if (indexes.length > 1 && count - 1 - indexes[indexes.length - 1]! < stride) indexes.pop();
  indexes.push(count - 1);
  return indexes;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
