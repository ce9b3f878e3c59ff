import { pageBlockSchemas, parsePageBlocks, PAGE_BLOCK_TYPES, withServedDates, type PageBlock, type PageBlockType } from "../../../../domain/page-blocks";
import { emptyBlockFields } from "./block-field-table";

/**
 * The editor's blocks as she edits them: any field may be empty or wrong while she types, so a
 * block is its type, id and hidden flag over loose fields; parsePageBlocks says what is wrong.
 */
export type EditableBlock = { id: string; type: PageBlockType; hidden: boolean } & Record<string, unknown>;

/** A problem's place in the editor: the block's id and the field's path ("items.0.question"). */
export const problemKey = (blockId: string, path: string) => `${blockId}|${path}`;

/** A fresh id a block keeps wherever it moves: letters and digits, as the schema's id rule asks. */
export function newBlockId(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `b${Array.from(bytes, (byte) => byte.toString(36).padStart(2, "0")).join("")}`;
}

export function newBlock(type: PageBlockType): EditableBlock {
  return { id: newBlockId(), type, hidden: false, ...emptyBlockFields(type) };
}

export function isBlockType(value: unknown): value is PageBlockType {
  return typeof value === "string" && (PAGE_BLOCK_TYPES as string[]).includes(value);
}

/** Blocks as stored, ready to edit. */
export function toEditable(blocks: readonly PageBlock[]): EditableBlock[] {
  return blocks.map((block) => ({ ...block }) as EditableBlock);
}

/** The list with the block at `index` moved by `delta` places; unchanged at either end. */
export function moveBlock<T>(blocks: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= blocks.length) return [...blocks];
  const next = [...blocks];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** The list with the block at `from` taken out and put in at `to` (its index afterwards); unchanged when either is out of range. */
export function moveBlockTo<T>(blocks: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= blocks.length || to < 0 || to >= blocks.length) return [...blocks];
  const next = [...blocks];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * Where a block dragged from `from` lands when dropped on the block at `over`, in its upper half
 * ("before") or lower half ("after"): its index once moved (`from` itself when nothing moves).
 */
export function dropIndex(from: number, over: number, placement: "before" | "after"): number {
  const slot = placement === "before" ? over : over + 1;
  return slot > from ? slot - 1 : slot;
}

/** A copy of the block at `index` right below it, with an id of its own. */
export function duplicateBlock(blocks: readonly EditableBlock[], index: number): EditableBlock[] {
  const block = blocks[index];
  if (!block) return [...blocks];
  const copy: EditableBlock = { ...structuredClone(block), id: newBlockId() };
  return [...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)];
}

type Path = readonly (string | number)[];

/** The value at a dotted path ("items.0.question"), or undefined. */
export function readPath(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (current !== null && typeof current === "object" ? (current as Record<string, unknown>)[key] : undefined), value);
}

/** A copy of `value` with `path` set (or removed, for undefined); the objects and lists on the way are copied, nothing else. */
export function writePath<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const key = path[0] as string | number;
  const rest = path.slice(1);
  const current = (value ?? (typeof key === "number" ? [] : {})) as Record<string | number, unknown>;
  const copy = (Array.isArray(current) ? [...current] : { ...current }) as Record<string | number, unknown>;
  const child = writePath(current[key], rest, next);
  if (child === undefined && !Array.isArray(copy)) delete copy[key];
  else copy[key] = child;
  return copy as T;
}

/**
 * Every problem of the blocks, keyed by problemKey; problems of the list itself (too many blocks)
 * under the key "blocks".
 */
export function blockProblems(blocks: readonly EditableBlock[]): Record<string, string> {
  const parsed = parsePageBlocks(blocks);
  if (parsed.ok) return {};
  const problems: Record<string, string> = {};
  for (const problem of parsed.problems) {
    const key = problem.block < 0 ? "blocks" : problemKey(blocks[problem.block]?.id ?? "", problem.field);
    problems[key] ??= problem.message;
  }
  return problems;
}

/** The server's 400 fields ("blocks[3].items.0.question", "path", "seo.title") keyed as the editor keys them. */
export function serverProblems(fields: Record<string, string>, blocks: readonly EditableBlock[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const match = /^blocks\[(\d+)\]\.?(.*)$/.exec(field);
    const block = match ? blocks[Number(match[1])] : undefined;
    problems[block && match ? problemKey(block.id, match[2] || "block") : field] = message;
  }
  return problems;
}

/** A block the preview leaves out, and its first problem: which field ("items.0.question") and what. */
export type LeftOutBlock = { blockId: string; position: number; type: PageBlockType; field: string; message: string };

/** The blocks the preview can draw: each that passes its own schema and is not hidden; the others with their first problem. */
export function previewableBlocks(blocks: readonly EditableBlock[]): { blocks: PageBlock[]; leftOut: number; problems: LeftOutBlock[] } {
  const shown: PageBlock[] = [];
  const problems: LeftOutBlock[] = [];
  blocks.forEach((block, index) => {
    if (block.hidden) return;
    const parsed = pageBlockSchemas[block.type].safeParse(block);
    if (parsed.success) shown.push(parsed.data as PageBlock);
    else {
      const issue = parsed.error.issues[0];
      problems.push({ blockId: block.id, position: index + 1, type: block.type, field: issue?.path.join(".") ?? "", message: issue?.message ?? "" });
    }
  });
  return { blocks: withServedDates(shown, new Date()), leftOut: problems.length, problems };
}
