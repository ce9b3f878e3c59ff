import type { PageBlockType } from "../../../../domain/page-blocks";
import type { PageSeo } from "../../../../domain/site-pages";

/** One side of a comparison: a revision's version, or the editor's draft. */
export type ComparedVersion = { path: string; title: string; seo: PageSeo; blocks: readonly ({ id: string; type: PageBlockType } & Record<string, unknown>)[] };

/** A field that differs: where it is ("items.0.question"), and its text on either side. */
export type FieldChange = { path: string; before: string; after: string };

export type BlockChange = {
  kind: "added" | "removed" | "changed";
  id: string;
  type: PageBlockType;
  /** Its place (1-based) in the version it is in: the newer one, or the older for a removed block. */
  position: number;
  /** Whether it changed places among the blocks both versions have. */
  moved: boolean;
  fields: FieldChange[];
};

export type PageDiff = { page: FieldChange[]; blocks: BlockChange[] };

/** Markup as text, for reading a change: tags become spaces, the common entities their letters. */
function plainText(value: string): string {
  if (!/[<&]/.test(value)) return value;
  return value
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** Every leaf of a value by its path: "items.0.question" → its text. */
function leaves(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (value === null || value === undefined) return into;
  if (typeof value === "object") {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) leaves(child, prefix ? `${prefix}.${key}` : key, into);
    return into;
  }
  into.set(prefix, plainText(String(value)));
  return into;
}

function fieldChanges(before: unknown, after: unknown, skip: readonly string[] = []): FieldChange[] {
  const from = leaves(before, "", new Map());
  const to = leaves(after, "", new Map());
  const paths = [...new Set([...from.keys(), ...to.keys()])].filter((path) => !skip.includes(path));
  return paths
    .map((path) => ({ path, before: from.get(path) ?? "", after: to.get(path) ?? "" }))
    .filter((change) => change.before !== change.after);
}

/**
 * What changed from one version of a page to another: its address, title and SEO fields, then
 * its blocks, matched by their ids (which stay with a block wherever it moves): added, removed,
 * changed (with each field's text on either side) and moved.
 */
export function diffPageVersions(from: ComparedVersion, to: ComparedVersion): PageDiff {
  const page = fieldChanges({ title: from.title, path: from.path, seo: from.seo }, { title: to.title, path: to.path, seo: to.seo });
  const before = new Map(from.blocks.map((block, index) => [block.id, { block, index }]));
  const after = new Set(to.blocks.map((block) => block.id));
  // The blocks both versions have, in each version's order: one out of step has moved.
  const keptBefore = from.blocks.filter((block) => after.has(block.id)).map((block) => block.id);
  const keptAfter = to.blocks.filter((block) => before.has(block.id)).map((block) => block.id);
  const blocks: BlockChange[] = [];
  to.blocks.forEach((block, index) => {
    const old = before.get(block.id);
    if (!old) {
      blocks.push({ kind: "added", id: block.id, type: block.type, position: index + 1, moved: false, fields: fieldChanges({}, block, ["id", "type", "hidden"]).filter((change) => change.after !== "") });
      return;
    }
    const fields = fieldChanges(old.block, block, ["id"]);
    const moved = keptBefore.indexOf(block.id) !== keptAfter.indexOf(block.id);
    if (fields.length > 0 || moved) blocks.push({ kind: "changed", id: block.id, type: block.type, position: index + 1, moved, fields });
  });
  from.blocks.forEach((block, index) => {
    if (!after.has(block.id)) blocks.push({ kind: "removed", id: block.id, type: block.type, position: index + 1, moved: false, fields: [] });
  });
  return { page, blocks };
}
