import { describe, expect, test } from "vitest";
import { countWords, imagesWithoutAlt, readTimeFor } from "./post-editor";

describe("read time", () => {
  test("counts the words of the text, not the markup", () => {
    expect(countWords('<p>One <strong>two</strong>&nbsp;three</p><img src="/a.png" alt="not counted">')).toBe(3);
    expect(countWords("")).toBe(0);
  });

  test("rounds up at 230 words a minute, at least one minute", () => {
    const words = (count: number) => `<p>${Array.from({ length: count }, () => "word").join(" ")}</p>`;
    expect(readTimeFor(words(50))).toBe("1 min read");
    expect(readTimeFor(words(230))).toBe("1 min read");
    expect(readTimeFor(words(231))).toBe("2 min read");
    expect(readTimeFor(words(1150))).toBe("5 min read");
    expect(readTimeFor("")).toBe("1 min read");
  });
});

test("images without an alt attribute are counted; an empty alt is a decorative choice", () => {
  expect(imagesWithoutAlt('<p><img src="/a.png"><img src="/b.png" alt=""><img alt="x" src="/c.png"></p>')).toBe(1);
  expect(imagesWithoutAlt("<p>none</p>")).toBe(0);
});
