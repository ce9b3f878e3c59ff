import { describe, expect, test } from "vitest";
import { dropIndex, moveBlockTo } from "./block-editing";

describe("moving a block by dragging", () => {
  const list = ["a", "b", "c", "d"];
  const drop = (from: number, over: number, placement: "before" | "after") => moveBlockTo(list, from, dropIndex(from, over, placement));

  test("dropped on a block's upper half it lands above that block, on its lower half below it", () => {
    expect(drop(0, 2, "before")).toEqual(["b", "a", "c", "d"]);
    expect(drop(0, 2, "after")).toEqual(["b", "c", "a", "d"]);
    expect(drop(3, 1, "before")).toEqual(["a", "d", "b", "c"]);
    expect(drop(3, 1, "after")).toEqual(["a", "b", "d", "c"]);
    expect(drop(0, 3, "after")).toEqual(["b", "c", "d", "a"]);
    expect(drop(3, 0, "before")).toEqual(["d", "a", "b", "c"]);
  });

  test("dropped on itself or next to where it is, nothing moves", () => {
    for (const [from, over, placement] of [[1, 1, "before"], [1, 1, "after"], [1, 0, "after"], [1, 2, "before"]] as const) {
      expect(dropIndex(from, over, placement)).toBe(from);
      expect(drop(from, over, placement)).toEqual(list);
    }
  });

  test("an index out of range changes nothing", () => {
    expect(moveBlockTo(list, 0, 4)).toEqual(list);
    expect(moveBlockTo(list, -1, 2)).toEqual(list);
  });
});
