import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { PAGE_BLOCK_LIBRARY } from "../../../../domain/page-blocks";
import { blockListCopy as copy, pageEditorCopy } from "../../../content/admin-pages";
import { FieldError } from "../../ui/form-messages";
import { DragHandle } from "../drag-handle";
import { AddBlockMenu } from "./add-block-menu";
import { dropIndex, problemKey, type EditableBlock } from "./block-editing";
import { BlockFields, type BlockFormContext } from "./block-fields";
import { BLOCK_FIELDS } from "./block-field-table";
import type { PageDraftState } from "./use-page-draft";

/** Long enough to notice the toast, move to it and press Undo (as the posts' Undo, decision 182). */
const UNDO_TOAST_MS = 10_000;
/** A block's element ids start with this, apart from the preview's anchors, which use the bare id. */
export const blockElementId = (blockId: string, part: string) => `edit-${blockId}-${part}`;
const controlClass = "rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

const MOVE_HINT_ID = "block-move-hint";

type Placement = "before" | "after";
/** A drag under way: the block dragged, and the block it is over with the half it is in. */
type Drag = { from: number; over?: number; placement?: Placement };

/**
 * The page's blocks in order, each with its form and its controls (move up and down, duplicate,
 * hide or show, remove with Undo), and the library to add one. Moves keep the focus on the
 * control that was pressed and are announced in a live region. A block can also be dragged by
 * its handle (native drag and drop, a line shows where it will land); the move buttons are the
 * keyboard's way to do the same, and a drop is announced as they are (docs/decisions/201).
 */
export function BlockList({ state }: { state: PageDraftState }) {
  const { blocks } = state.draft;
  const [focus, setFocus] = useState<{ id: string }>();
  const [drag, setDragState] = useState<Drag>();
  // The block she is editing (the last one the focus was in): "Add block" puts the new one after it.
  const [current, setCurrent] = useState<string>();
  const currentIndex = blocks.findIndex((block) => block.id === current);
  // Also read at once by the drag events, which may come before the next render.
  const dragRef = useRef<Drag>(undefined);
  const setDrag = (next: Drag | undefined) => {
    dragRef.current = next;
    setDragState(next);
  };
  useEffect(() => {
    if (focus) document.getElementById(focus.id)?.focus();
  }, [focus]);

  function move(block: EditableBlock, index: number, delta: -1 | 1) {
    const target = index + delta;
    state.move(index, delta);
    // At either end the pressed button goes disabled: the focus goes to the other one.
    const atEdge = target === 0 || target === blocks.length - 1;
    const control = (delta < 0) === atEdge ? "move-down" : "move-up";
    setFocus({ id: blockElementId(block.id, control) });
  }

  function remove(block: EditableBlock, index: number) {
    const undo = state.remove(index);
    const next = blocks[index + 1] ?? blocks[index - 1];
    setFocus({ id: next ? blockElementId(next.id, "heading") : "add-block" });
    toast.success(copy.removed(PAGE_BLOCK_LIBRARY[block.type].label), {
      duration: UNDO_TOAST_MS,
      // The toast gives the focus back to where it was before; the live region says the block is back.
      action: { label: copy.undo, onClick: undo },
    });
  }

  /** Where the dragged block would land if dropped now; undefined while that would not move it. */
  const landing = drag && drag.over !== undefined && drag.placement ? dropIndex(drag.from, drag.over, drag.placement) : undefined;
  const indicator = (index: number): Placement | undefined =>
    drag && landing !== undefined && landing !== drag.from && drag.over === index ? drag.placement : undefined;

  function dragOver(event: React.DragEvent<HTMLLIElement>, index: number) {
    const drag = dragRef.current;
    if (!drag) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    const box = event.currentTarget.getBoundingClientRect();
    const placement = event.clientY < box.top + box.height / 2 ? "before" : "after";
    if (drag.over !== index || drag.placement !== placement) setDrag({ ...drag, over: index, placement });
  }

  function drop(event: React.DragEvent<HTMLLIElement>, index: number) {
    const drag = dragRef.current;
    if (!drag) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    state.moveTo(drag.from, dropIndex(drag.from, index, event.clientY < box.top + box.height / 2 ? "before" : "after"));
    setDrag(undefined);
  }

  return (
    <div>
      <FieldError id="blocks-error" error={state.problem("blocks")} />
      {blocks.length > 1 ? (
        <p id={MOVE_HINT_ID} className="mb-3 text-sm text-slate-600">
          {copy.moveHint}
        </p>
      ) : null}
      {blocks.length === 0 ? <p className="rounded-lg border-2 border-dashed border-slate-200 px-4 py-8 text-center text-slate-600">{pageEditorCopy.noBlocks}</p> : null}
      <ol className="grid gap-4">
        {blocks.map((block, index) => (
          <BlockCard
            key={block.id}
            block={block}
            position={index + 1}
            count={blocks.length}
            state={state}
            onMove={(delta) => move(block, index, delta)}
            onDuplicate={() => {
              state.duplicate(index);
              setFocus({ id: blockElementId(block.id, "duplicate") });
            }}
            onRemove={() => remove(block, index)}
            dragging={drag?.from === index}
            indicator={indicator(index)}
            onDragStart={() => setDrag({ from: index })}
            onDragEnd={() => setDrag(undefined)}
            onDragOver={(event) => dragOver(event, index)}
            onDrop={(event) => drop(event, index)}
            onFocus={() => setCurrent(block.id)}
          />
        ))}
      </ol>
      <AddBlockMenu
        names={blocks.map((block, index) => copy.blockName(index + 1, PAGE_BLOCK_LIBRARY[block.type].label))}
        current={currentIndex < 0 ? undefined : currentIndex}
        onAdd={(type, at) => {
          const id = state.addBlock(type, at);
          setFocus({ id: blockElementId(id, "heading") });
        }}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {state.announcement}
      </p>
    </div>
  );
}

type CardProps = {
  block: EditableBlock;
  position: number;
  count: number;
  state: PageDraftState;
  onMove: (delta: -1 | 1) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  dragging: boolean;
  /** Where a line shows the dragged block would land: above or below this one. */
  indicator: Placement | undefined;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDragOver: (event: React.DragEvent<HTMLLIElement>) => void;
  onDrop: (event: React.DragEvent<HTMLLIElement>) => void;
  onFocus: () => void;
};

function BlockCard({ block, position, count, state, onMove, onDuplicate, onRemove, dragging, indicator, onDragStart, onDragEnd, onDragOver, onDrop, onFocus }: CardProps) {
  const name = copy.blockName(position, PAGE_BLOCK_LIBRARY[block.type].label);
  const headingId = blockElementId(block.id, "heading");
  const problems = state.blockProblemCount(block.id);
  const context: BlockFormContext = {
    fieldId: (path) => blockElementId(block.id, path.join("-")),
    problem: (path) => state.problem(problemKey(block.id, path.join("."))),
    change: (path, value) => state.changeBlock(block.id, path, value),
  };
  const control = (part: string, text: string, onClick: () => void, disabled = false, describedBy?: string) => (
    <button type="button" id={blockElementId(block.id, part)} disabled={disabled} onClick={onClick} aria-describedby={describedBy} className={controlClass}>
      {text}
      <span className="sr-only"> {name}</span>
    </button>
  );
  const blockProblem = state.problem(problemKey(block.id, "id")) ?? state.problem(problemKey(block.id, "type")) ?? state.problem(problemKey(block.id, "block"));
  const moveHint = count > 1 ? MOVE_HINT_ID : undefined;
  return (
    // Entering counts as over: a drag target must accept dragenter too, or the browser sends the drag elsewhere.
    <li className="relative" data-block-id={block.id} onDragEnter={onDragOver} onDragOver={onDragOver} onDrop={onDrop} onFocus={onFocus}>
      {indicator ? <div aria-hidden="true" className={`absolute inset-x-0 h-1 rounded-full bg-indigo-600 ${indicator === "before" ? "-top-2.5" : "-bottom-2.5"}`} data-drop-indicator={indicator} /> : null}
      <section
        id={blockElementId(block.id, "card")}
        aria-labelledby={headingId}
        className={`rounded-lg border bg-white p-4 shadow-sm ${block.hidden ? "border-dashed border-slate-300 opacity-90" : "border-slate-200"} ${dragging ? "opacity-50" : ""}`}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          {count > 1 ? (
            <DragHandle
              title={copy.dragHandle}
              dragData={block.id}
              onDragStart={(event) => {
                const card = document.getElementById(blockElementId(block.id, "card"));
                if (card) event.dataTransfer.setDragImage(card, 24, 24);
                onDragStart();
              }}
              onDragEnd={onDragEnd}
              className="-ml-1"
            />
          ) : null}
          <h3 id={headingId} tabIndex={-1} className="mr-auto text-base font-semibold text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-indigo-600">
            {name}
            {block.hidden ? <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{copy.hiddenBadge}</span> : null}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            {control("move-up", copy.controls.moveUp, () => onMove(-1), position === 1, moveHint)}
            {control("move-down", copy.controls.moveDown, () => onMove(1), position === count, moveHint)}
            {control("duplicate", copy.controls.duplicate, onDuplicate)}
            {control("hide", block.hidden ? copy.controls.show : copy.controls.hide, () => state.toggleHidden(position - 1))}
            {control("remove", copy.controls.remove, onRemove)}
          </div>
        </div>
        <p className="mt-1 text-sm text-slate-600">{PAGE_BLOCK_LIBRARY[block.type].description}</p>
        {problems > 0 ? <p className="mt-1 text-sm font-medium text-red-700">{copy.problems(problems)}</p> : null}
        <FieldError id={blockElementId(block.id, "error")} error={blockProblem} />
        {/* Leaving a field shows its problem (fields are named by their path in the block). */}
        <div className="mt-4" onBlur={(event) => leftField(event) && state.touch(problemKey(block.id, String((event.target as HTMLInputElement).name)))}>
          <BlockFields fields={BLOCK_FIELDS[block.type]} value={block} path={[]} context={context} />
        </div>
      </section>
    </li>
  );
}

/**
 * Whether the focus left a named field for somewhere else: moving from an image's address to its
 * Choose button or into the media library is still choosing the image, not leaving the field.
 */
function leftField(event: React.FocusEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement & { name?: unknown };
  if (typeof target.name !== "string" || target.name === "") return false;
  const group = target.closest("[data-field-group]");
  return !(group && event.relatedTarget instanceof Node && group.contains(event.relatedTarget));
}
