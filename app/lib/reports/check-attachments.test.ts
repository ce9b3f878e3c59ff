import { expect, test } from "vitest";
import { elfExecutable, pngOfSize, tinyPng } from "../../../tests/helpers/sample-files";
import { checkAttachments } from "./check-attachments";

const MB = 1024 * 1024;

function file(name: string, bytes: Buffer | string) {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name);
}

test("accepted files pass; too large, wrong type, empty and duplicates are refused with a message", async () => {
  const existing = [file("kept.txt", "already here")];
  const { accepted, refused } = await checkAttachments(existing, [
    file("shot.png", tinyPng()),
    file("huge.png", pngOfSize(10 * MB + 1)),
    file("tool.png", elfExecutable()),
    file("empty.txt", ""),
    file("kept.txt", "already here"),
    file("../notes.txt", "plain text"),
  ]);
  expect(accepted.map((entry) => entry.name)).toEqual(["shot.png", "../notes.txt"]);
  expect(refused).toEqual([
    '"huge.png" is larger than 10 MB.',
    '"tool.png" is not a PNG, JPG, PDF or TXT file.',
    '"empty.txt" is empty.',
    '"kept.txt" is already attached.',
  ]);
});

test("at most 10 files and 50 MB together", async () => {
  const nine = Array.from({ length: 9 }, (_, index) => file(`n${index}.txt`, `note ${index}`));
  const more = await checkAttachments(nine, [file("a.txt", "a"), file("b.txt", "b"), file("c.txt", "c")]);
  expect(more.accepted.map((entry) => entry.name)).toEqual(["a.txt"]);
  expect(more.refused).toEqual(["You can attach at most 10 files."]);

  const big = Array.from({ length: 5 }, (_, index) => file(`big${index}.png`, pngOfSize(10 * MB)));
  const total = await checkAttachments(big, [file("one-more.png", tinyPng())]);
  expect(total.accepted).toEqual([]);
  expect(total.refused).toEqual(["Attachments can be at most 50 MB together."]);
});
