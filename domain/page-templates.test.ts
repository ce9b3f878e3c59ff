import { expect, test } from "vitest";
import { parsePageBlocks } from "./page-blocks";
import { PAGE_TEMPLATE_KEYS, PAGE_TEMPLATES } from "./page-templates";
import { pageCreateSchema } from "./site-pages";

test.each(PAGE_TEMPLATE_KEYS)("the %s template's blocks pass the block schema as they are", (key) => {
  const template = PAGE_TEMPLATES[key];
  const blocks = template.blocks.map((block, index) => ({ ...block, id: `b${index}` }));
  const parsed = parsePageBlocks(blocks);
  expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  // What the cleaner keeps is what was written: the placeholders survive a save unchanged.
  if (parsed.ok) expect(parsed.blocks).toEqual(blocks);
  if (key !== "blank") expect(pageCreateSchema.safeParse({ title: template.title, path: template.path, blocks: [] }).success).toBe(true);
});

test("every template but the blank one has placeholder text to replace and ends with a call to action", () => {
  for (const key of PAGE_TEMPLATE_KEYS.filter((each) => each !== "blank")) {
    const blocks = PAGE_TEMPLATES[key].blocks;
    expect(JSON.stringify(blocks), key).toMatch(/\[[^\]]+\]/);
    expect(blocks.at(-1)?.type, key).toBe("cta");
  }
});
