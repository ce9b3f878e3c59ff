import { describe, expect, test } from "vitest";
import { isNormalisedPath, normalisedPath } from "./path-spelling.server";

describe("the spelling of a path", () => {
  test("unreserved characters decoded, other encodings in upper case, dot segments resolved, empty segments dropped", () => {
    const cases: [string, string][] = [
      ["/", "/"],
      ["/blog/a-post", "/blog/a-post"],
      ["/blog/", "/blog"],
      ["//blog//a-post//", "/blog/a-post"],
      ["/%62log/%61-post", "/blog/a-post"],
      ["/blog/./a-post", "/blog/a-post"],
      ["/x/../blog/a-post", "/blog/a-post"],
      ["/../../blog", "/blog"],
      ["/blog/%2e/a-post", "/blog/a-post"],
      ["/x/%2E%2e/blog", "/blog"],
      ["/blog\\a-post", "/blog/a-post"],
      ["/blog/caf%c3%a9", "/blog/caf%C3%A9"],
      ["/blog/a%2fb", "/blog/a%2Fb"],
      ["/%7Euser", "/~user"],
      ["/blog/caf\u00c3\u00a9", "/blog/caf%C3%A9"],
      ["/a b", "/a%20b"],
    ];
    for (const [raw, normal] of cases) {
      expect(normalisedPath(raw), raw).toBe(normal);
      expect(isNormalisedPath(raw), raw).toBe(raw === normal);
    }
  });
});
