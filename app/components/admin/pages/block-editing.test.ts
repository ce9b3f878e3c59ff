import { describe, expect, test } from "vitest";
import { pageBlockSchemas, PAGE_BLOCK_TYPES, parsePageBlocks } from "../../../../domain/page-blocks";
import { blockProblems, duplicateBlock, moveBlock, newBlock, previewableBlocks, problemKey, serverProblems, writePath } from "./block-editing";
import { BLOCK_FIELDS } from "./block-field-table";

describe("the block forms", () => {
  test.each(PAGE_BLOCK_TYPES)("%s: the form has a field for every field of the block's schema", (type) => {
    const schemaFields = Object.keys(pageBlockSchemas[type].shape).filter((name) => !["id", "type", "hidden"].includes(name));
    expect(BLOCK_FIELDS[type].map((field) => field.name).sort()).toEqual(schemaFields.sort());
  });

  test.each(PAGE_BLOCK_TYPES)("%s: a new block has a valid id, and every problem it has names a field of its form", (type) => {
    const block = newBlock(type);
    const parsed = parsePageBlocks([block]);
    const problems = parsed.ok ? [] : parsed.problems;
    expect(problems.map((problem) => problem.field)).not.toContain("id");
    const names = new Set(BLOCK_FIELDS[type].map((field) => field.name));
    for (const problem of problems) expect(names).toContain(problem.field.split(".")[0]);
  });

  test("a hero with a title is a valid block; its problems are keyed by its id and the field's path", () => {
    const hero = newBlock("hero");
    expect(blockProblems([hero])).toEqual({ [problemKey(hero.id, "title")]: "Required" });
    expect(blockProblems([{ ...hero, title: "Spring webinar" }])).toEqual({});
    const faq = newBlock("faq");
    expect(blockProblems([faq])).toMatchObject({ [problemKey(faq.id, "items.0.question")]: "Required" });
  });
});

describe("editing the list", () => {
  const [a, b, c] = [newBlock("hero"), newBlock("faq"), newBlock("cta")];

  test("a block moves one place up or down, and stays at either end", () => {
    expect(moveBlock([a, b, c], 0, 1)).toEqual([b, a, c]);
    expect(moveBlock([a, b, c], 2, -1)).toEqual([a, c, b]);
    expect(moveBlock([a, b, c], 0, -1)).toEqual([a, b, c]);
    expect(moveBlock([a, b, c], 2, 1)).toEqual([a, b, c]);
  });

  test("a duplicate sits below its original with an id of its own and its own copy of the fields", () => {
    const copied = duplicateBlock([a, b], 0);
    expect(copied).toHaveLength(3);
    expect(copied[1]).toMatchObject({ type: "hero" });
    expect(copied[1]?.id).not.toBe(a.id);
    expect(copied[1]?.actions).not.toBe(a.actions);
    expect(copied[2]).toBe(b);
  });

  test("a field is written at its path without touching the original; undefined removes it", () => {
    const faq = newBlock("faq");
    const changed = writePath(faq, ["items", 0, "question"], "Who is it for?");
    expect(readQuestion(changed)).toBe("Who is it for?");
    expect(readQuestion(faq)).toBe("");
    const withImage = writePath(newBlock("hero"), ["image"], { src: "/media/a.png", alt: "", decorative: true });
    expect(writePath(withImage, ["image"], undefined)).not.toHaveProperty("image");
  });

  test("the server's 400 names block and field by position: the editor finds them by the block's id", () => {
    expect(serverProblems({ "blocks[1].items.0.question": "Required", path: "Another page already uses this address" }, [a, b])).toEqual({
      [problemKey(b.id, "items.0.question")]: "Required",
      path: "Another page already uses this address",
    });
  });

  test("the preview draws the valid blocks that are not hidden, and counts the ones left out", () => {
    const hero = { ...newBlock("hero"), title: "Spring webinar" };
    const hidden = { ...hero, id: "hidden1", hidden: true };
    const preview = previewableBlocks([hero, hidden, newBlock("faq")]);
    expect(preview.blocks.map((block) => block.id)).toEqual([hero.id]);
    expect(preview.leftOut).toBe(1);
  });

  test("the preview shows a policy dated \"served\" with today's date, as the site does", () => {
    const policy = { ...newBlock("legal_document"), effective_date: "served", sections: [{ id: "scope", heading: "Scope", html: "<p>What this covers.</p>" }] };
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect(previewableBlocks([policy]).blocks).toEqual([expect.objectContaining({ type: "legal_document", effective_date: day })]);
  });
});

function readQuestion(block: Record<string, unknown>): unknown {
  return (block.items as { question: string }[])[0]?.question;
}
