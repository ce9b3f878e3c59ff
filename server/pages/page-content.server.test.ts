import { describe, expect, it } from "vitest";
import { pageBlockSchemas, type PageBlock } from "../../domain/page-blocks";
import { blockCleaners, checkPageBlocks, cleanBlock, UncleanableBlockError } from "./page-content.server";

const HOSTILE = '<img src=x onerror=alert(1)><script>alert(1)</script><p>kept</p>';

/** Every rich-text field of every block type, as a block holding the hostile value there. */
const richTextBlocks: Record<string, unknown> = {
  rich_text: { id: "a", type: "rich_text", html: HOSTILE },
  faq: { id: "b", type: "faq", items: [{ question: "Q", answer: HOSTILE }] },
  legal_document: {
    id: "c",
    type: "legal_document",
    title: "Terms",
    intro: HOSTILE,
    sections: [{ id: "s1", heading: "One", html: HOSTILE, parts: [{ kind: "html", html: HOSTILE }] }],
  },
};

describe("cleaning a page's blocks", () => {
  it("has a cleaner for every block type of the library", () => {
    expect(Object.keys(blockCleaners).sort()).toEqual(Object.keys(pageBlockSchemas).sort());
  });

  it.each(Object.entries(richTextBlocks))("cleans every rich-text field of %s on save", (type, block) => {
    const checked = checkPageBlocks([block]);
    if (!checked.ok) throw new Error(`${type}: ${JSON.stringify(checked.fields)}`);
    const stored = JSON.stringify(checked.blocks);
    expect(stored).not.toMatch(/<script|onerror/i);
    expect(stored).toContain("kept");
  });

  it("refuses a block type that has no cleaner instead of storing it raw", () => {
    const fake = { id: "x", type: "fake_rich", html: HOSTILE } as unknown as PageBlock;
    expect(() => cleanBlock(fake)).toThrow(UncleanableBlockError);
    // A table without the fake type (as a new type added to the schemas only would be) refuses too.
    expect(() => cleanBlock(fake, { ...blockCleaners })).toThrow(UncleanableBlockError);
  });
});
