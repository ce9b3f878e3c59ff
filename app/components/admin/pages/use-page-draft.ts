import { useMemo, useRef, useState } from "react";
import { PAGE_BLOCK_LIBRARY, type PageBlockType } from "../../../../domain/page-blocks";
import { pageCreateSchema, type PageSeo, type SitePage } from "../../../../domain/site-pages";
import { blockListCopy } from "../../../content/admin-pages";
import { PAGE_TEMPLATES, type PageTemplateKey } from "../../../../domain/page-templates";
import { blockProblems, duplicateBlock, moveBlock, moveBlockTo, newBlock, newBlockId, problemKey, serverProblems, toEditable, writePath, type EditableBlock } from "./block-editing";

export type PageDraft = { title: string; path: string; seo: PageSeo; blocks: EditableBlock[] };
type Path = (string | number)[];

/** What the editor starts from: the waiting draft when there is one, else the live version. */
export function pageDraftOf(page: SitePage): PageDraft {
  const version = page.draft ?? { path: page.path, title: page.title, seo: page.seo, blocks: page.draft_blocks ?? page.blocks };
  return { title: version.title, path: version.path, seo: version.seo, blocks: toEditable(version.blocks) };
}

/** A new page from a template: its blocks, each with an id of its own, and its placeholder title and address. */
export function pageDraftFromTemplate(key: PageTemplateKey): PageDraft {
  const template = PAGE_TEMPLATES[key];
  const blocks = template.blocks.map((block) => ({ ...structuredClone(block), id: newBlockId() }) as EditableBlock);
  return { title: template.title, path: template.path, seo: { title: "", description: "", social_image_url: "", noindex: false }, blocks };
}

/** The title's, address's and SEO fields' problems, keyed "title", "path", "seo.title"... */
function pageFieldProblems(draft: PageDraft): Record<string, string> {
  const parsed = pageCreateSchema.safeParse({ ...draft, blocks: [] });
  const problems: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path.join(".")] ??= issue.message;
  return problems;
}

/**
 * The page editor's state: the draft as typed, what is wrong with it, and the moves of the block
 * list. A field's problem shows once she has left the field, or after a save was refused; the
 * server's problems show until their field changes. `announcement` is for the live region.
 */
export function usePageDraft(initial: PageDraft) {
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState("");
  const latestDraft = useRef(draft);
  latestDraft.current = draft;

  const local = useMemo(() => ({ ...pageFieldProblems(draft), ...blockProblems(draft.blocks) }), [draft]);

  /** Problems on the screen: the server's, and this browser's where she has been (or everywhere after a refused save). */
  const problem = (key: string): string | undefined => server[key] ?? (showAll || touched.has(key) ? local[key] : undefined);

  function update(change: (draft: PageDraft) => PageDraft, clears?: string) {
    setDraft(change);
    setDirty(true);
    if (clears && clears in server) setServer(({ [clears]: _, ...rest }) => rest);
  }
  const setBlocks = (change: (blocks: EditableBlock[]) => EditableBlock[]) => update((current) => ({ ...current, blocks: change(current.blocks) }));
  const label = (block: EditableBlock) => PAGE_BLOCK_LIBRARY[block.type].label;

  return {
    draft,
    dirty,
    announcement,
    problem,
    hasProblems: Object.keys(local).length > 0,
    /** How many problems a block shows, for its header. */
    blockProblemCount: (blockId: string) => Object.keys({ ...local, ...server }).filter((key) => key.startsWith(`${blockId}|`) && problem(key)).length,
    touch: (key: string) => setTouched((keys) => (keys.has(key) ? keys : new Set(keys).add(key))),
    setField: (path: Path, value: unknown) => update((current) => writePath(current, path, value), path.join(".")),
    changeBlock: (blockId: string, path: Path, value: unknown) =>
      update(
        (current) => ({ ...current, blocks: current.blocks.map((block) => (block.id === blockId ? writePath(block, path, value) : block)) }),
        problemKey(blockId, path.join(".")),
      ),
    /** Adds a block of the library at index `at` (the end by default); its id, for the focus. */
    addBlock: (type: PageBlockType, at = draft.blocks.length) => {
      const block = newBlock(type);
      const index = Math.max(0, Math.min(at, draft.blocks.length));
      setBlocks((blocks) => [...blocks.slice(0, index), block, ...blocks.slice(index)]);
      setAnnouncement(blockListCopy.added(PAGE_BLOCK_LIBRARY[type].label, index + 1));
      return block.id;
    },
    move: (index: number, delta: -1 | 1) => {
      const block = draft.blocks[index];
      const target = index + delta;
      if (!block || target < 0 || target >= draft.blocks.length) return;
      setBlocks((blocks) => moveBlock(blocks, index, delta));
      setAnnouncement(blockListCopy.moved(label(block), target + 1, draft.blocks.length));
    },
    /** A move by dragging: the block at `from` to index `to`, announced as the buttons' moves are. */
    moveTo: (from: number, to: number) => {
      const block = draft.blocks[from];
      if (!block || from === to || to < 0 || to >= draft.blocks.length) return;
      setBlocks((blocks) => moveBlockTo(blocks, from, to));
      setAnnouncement(blockListCopy.moved(label(block), to + 1, draft.blocks.length));
    },
    duplicate: (index: number) => {
      const block = draft.blocks[index];
      if (!block) return;
      setBlocks((blocks) => duplicateBlock(blocks, index));
      setAnnouncement(blockListCopy.duplicated(label(block), index + 2));
    },
    toggleHidden: (index: number) => {
      const block = draft.blocks[index];
      if (!block) return;
      setBlocks((blocks) => blocks.map((each, at) => (at === index ? { ...each, hidden: !each.hidden } : each)));
      setAnnouncement(block.hidden ? blockListCopy.shownNow(label(block)) : blockListCopy.hiddenNow(label(block)));
    },
    /** Removes the block at `index`; what puts it back where it was. */
    remove: (index: number) => {
      const block = draft.blocks[index];
      setBlocks((blocks) => blocks.filter((_, at) => at !== index));
      return () => {
        if (!block) return;
        setBlocks((blocks) => [...blocks.slice(0, index), block, ...blocks.slice(index)]);
        setAnnouncement(blockListCopy.restored(label(block)));
      };
    },
    /** A save was refused here: every problem shows. */
    revealAll: () => setShowAll(true),
    /** The server refused the draft: its 400's fields shown beside the fields they name. */
    showServerProblems: (fields: Record<string, string>) => setServer(serverProblems(fields, draft.blocks)),
    saved: () => {
      setDirty(false);
      setServer({});
    },
    /** An autosave of `sent` worked: clean, unless she typed on while it was under way. */
    savedIfUnchanged: (sent: PageDraft) => {
      if (latestDraft.current === sent) setDirty(false);
    },
    /** The draft the server now holds (a restored revision), in place of what was on screen. */
    replace: (next: PageDraft, announce: string) => {
      setDraft(next);
      setDirty(false);
      setServer({});
      setTouched(new Set());
      setShowAll(false);
      setAnnouncement(announce);
    },
  };
}

export type PageDraftState = ReturnType<typeof usePageDraft>;
