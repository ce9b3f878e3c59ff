import { expect, test } from "vitest";
import { diffPageVersions, type ComparedVersion } from "./page-diff";

const seo = { title: "", description: "", social_image_url: "", noindex: false };
const version = (blocks: ComparedVersion["blocks"], fields: Partial<ComparedVersion> = {}): ComparedVersion => ({ path: "/webinar", title: "Webinar", seo, blocks, ...fields });
const hero = { id: "hero", type: "hero", hidden: false, title: "Spring webinar", lead: "" } as const;
const faq = { id: "faq", type: "faq", hidden: false, items: [{ question: "When?", answer: "<p>In <strong>May</strong></p>" }] } as const;
const text = { id: "text", type: "rich_text", hidden: false, title: "", html: "<p>Hello</p>" } as const;

test("the same version has no differences", () => {
  expect(diffPageVersions(version([hero, faq]), version([hero, faq]))).toEqual({ page: [], blocks: [] });
});

test("page fields, and blocks added, removed, changed (with the text of each changed field) and moved", () => {
  const from = version([hero, faq, text]);
  const to = version(
    [{ ...faq, items: [{ question: "When?", answer: "<p>In June</p>" }] }, { ...hero, title: "Summer webinar" }, { id: "cta", type: "cta", hidden: false, title: "Sign up", body: "" }],
    { title: "Summer", seo: { ...seo, noindex: true } },
  );
  const diff = diffPageVersions(from, to);
  expect(diff.page).toEqual([
    { path: "title", before: "Webinar", after: "Summer" },
    { path: "seo.noindex", before: "false", after: "true" },
  ]);
  expect(diff.blocks).toEqual([
    { kind: "changed", id: "faq", type: "faq", position: 1, moved: true, fields: [{ path: "items.0.answer", before: "In May", after: "In June" }] },
    { kind: "changed", id: "hero", type: "hero", position: 2, moved: true, fields: [{ path: "title", before: "Spring webinar", after: "Summer webinar" }] },
    { kind: "added", id: "cta", type: "cta", position: 3, moved: false, fields: [{ path: "title", before: "", after: "Sign up" }] },
    { kind: "removed", id: "text", type: "rich_text", position: 3, moved: false, fields: [] },
  ]);
});
