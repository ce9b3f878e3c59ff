import { describe, expect, test } from "vitest";
import { labelIndexes, linePath, roundStep, seriesPoints, xOf, yOf, yScale, type ChartBox } from "./chart-geometry";

const box: ChartBox = { width: 440, height: 220, left: 40, right: 0, top: 10, bottom: 10 };

describe("the y scale", () => {
  test("steps are 1, 2 or 5 times a power of ten, never below 1", () => {
    expect([0, 0.3, 1, 1.5, 2, 3, 7, 11, 24, 260, 5000].map(roundStep)).toEqual([1, 1, 1, 2, 2, 5, 10, 20, 50, 500, 5000]);
  });

  test("ticks start at 0 and the top holds the largest count", () => {
    expect(yScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(yScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(yScale(10)).toEqual({ top: 10, ticks: [0, 5, 10] });
    expect(yScale(1000)).toEqual({ top: 1000, ticks: [0, 500, 1000] });
    expect(yScale(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
    for (const max of [1, 9, 17, 99, 101, 4321, 99_999]) {
      const { top, ticks } = yScale(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});

describe("points and paths", () => {
  test("days spread from the left edge of the plot to its right edge; a lone day sits in the middle", () => {
    expect(xOf(0, 5, box)).toBe(40);
    expect(xOf(4, 5, box)).toBe(440);
    expect(xOf(2, 5, box)).toBe(240);
    expect(xOf(0, 1, box)).toBe(240);
  });

  test("0 is the bottom of the plot and the top count its top", () => {
    expect(yOf(0, 10, box)).toBe(210);
    expect(yOf(10, 10, box)).toBe(10);
    expect(yOf(5, 10, box)).toBe(110);
  });

  test("a series becomes one path, moving to the first point and drawing to the others", () => {
    const points = seriesPoints([0, 5, 10], 10, box);
    expect(points).toEqual([
      { x: 40, y: 210 },
      { x: 240, y: 110 },
      { x: 440, y: 10 },
    ]);
    expect(linePath(points)).toBe("M40 210 L240 110 L440 10");
    expect(linePath([])).toBe("");
  });
});

describe("day labels", () => {
  test("the first and last day are always labelled, never more labels than room", () => {
    expect(labelIndexes(0, 5)).toEqual([]);
    expect(labelIndexes(1, 5)).toEqual([0]);
    expect(labelIndexes(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelIndexes(30, 5)).toEqual([0, 8, 16, 29]);
    expect(labelIndexes(31, 4)).toEqual([0, 10, 20, 30]);
    for (const [count, room] of [
      [90, 4],
      [90, 12],
      [31, 3],
      [7, 2],
      [366, 6],
    ] as const) {
      const indexes = labelIndexes(count, room);
      expect(indexes[0]).toBe(0);
      expect(indexes.at(-1)).toBe(count - 1);
      expect(indexes.length).toBeLessThanOrEqual(Math.max(2, room));
      expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
      // No two labels nearer than a stride of the others.
      const gaps = indexes.slice(1).map((index, at) => index - indexes[at]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(gaps[0]!);
    }
  });
});
