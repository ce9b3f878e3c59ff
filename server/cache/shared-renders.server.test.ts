import { describe, expect, test } from "vitest";
import { sharedRenders } from "./shared-renders.server";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("shared renders", () => {
  test("concurrent callers for one key share one piece of work", async () => {
    const renders = sharedRenders<string>();
    const first = deferred<string>();
    let started = 0;
    const work = () => ((started += 1), first.promise);
    const a = renders.run("/blog", work);
    const b = renders.run("/blog", work);
    first.resolve("page");
    expect(await Promise.all([a, b])).toEqual(["page", "page"]);
    expect(started).toBe(1);
  });

  test("after forget, a caller starts its own work instead of joining one begun before", async () => {
    const renders = sharedRenders<string>();
    const before = deferred<string>();
    const after = deferred<string>();
    const old = renders.run("/blog", () => before.promise);
    renders.forget();
    const fresh = renders.run("/blog", () => after.promise);
    // The old render ending must not drop the new one's place.
    before.resolve("old content");
    await old;
    const joined = renders.run("/blog", () => Promise.resolve("a third render"));
    after.resolve("new content");
    expect(await fresh).toBe("new content");
    expect(await joined).toBe("new content");
  });

  test("a failed piece of work is not kept: the next caller tries again", async () => {
    const renders = sharedRenders<string>();
    await expect(renders.run("/", () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await renders.run("/", () => Promise.resolve("page"))).toBe("page");
  });
});
