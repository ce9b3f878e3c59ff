import { useEffect, useRef, useState } from "react";
import type { MenuName } from "../../../../domain/navigation";
import { itemField, NAVIGATION_LIMITS } from "../../../../domain/navigation-rules";
import { adminNavigationCopy as copy } from "../../../content/admin-navigation";
import { FieldError } from "../../ui/form-messages";
import { LabelledField } from "../../ui/labelled-field";
import { adminInputClass } from "../admin-form";
import { DragHandle } from "../drag-handle";
import { dropIndex, moveBlock, moveBlockTo } from "../pages/block-editing";

/** A link as the editor holds it: a key of its own keeps its row (and focus) while the list moves. */
export type MenuRow = { key: string; label: string; href: string };

let rowCount = 0;
export const newRow = (label = "", href = ""): MenuRow => ({ key: `link-${(rowCount += 1)}`, label, href });

const controlClass =
  "inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

type Props = {
  menu: MenuName;
  rows: MenuRow[];
  errors: Record<string, string>;
  onChange: (rows: MenuRow[]) => void;
  onAnnounce: (text: string) => void;
};

/**
 * One menu's links in order, each with its label and address and its controls: Move up and Move
 * down (the keyboard's way, keeping the focus on the moved link), Remove, and a handle to drag it
 * by with a pointer. Moves are announced in the screen's live region.
 */
export function MenuList({ menu, rows, errors, onChange, onAnnounce }: Props) {
  const [focus, setFocus] = useState<string>();
  const dragFrom = useRef<number>(undefined);
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus]);

  function moved(next: MenuRow[], row: MenuRow) {
    onChange(next);
    onAnnounce(copy.moved(row.label, next.indexOf(row) + 1, next.length));
  }
  function move(index: number, delta: -1 | 1) {
    const row = rows[index]!;
    const target = index + delta;
    // At either end the pressed button goes disabled: the focus goes to the other one.
    const atEdge = target === 0 || target === rows.length - 1;
    setFocus(`${row.key}-${(delta < 0) === atEdge ? "down" : "up"}`);
    moved(moveBlock(rows, index, delta), row);
  }
  function remove(index: number) {
    const row = rows[index]!;
    const next = rows.filter((_, each) => each !== index);
    const neighbour = next[index] ?? next[index - 1];
    setFocus(neighbour ? `${neighbour.key}-label` : `${menu}-add`);
    onChange(next);
    onAnnounce(copy.removed(row.label));
  }
  function drop(event: React.DragEvent<HTMLLIElement>, index: number) {
    const from = dragFrom.current;
    if (from === undefined) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    dragFrom.current = undefined;
    moved(moveBlockTo(rows, from, dropIndex(from, index, event.clientY < box.top + box.height / 2 ? "before" : "after")), rows[from]!);
  }
  const allowDrop = (event: React.DragEvent) => {
    if (dragFrom.current === undefined) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  };
  const change = (index: number, part: Partial<MenuRow>) => onChange(rows.map((row, each) => (each === index ? { ...row, ...part } : row)));

  return (
    <section aria-labelledby={`${menu}-heading`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${menu}-heading`} className="text-xl font-bold text-slate-900">
        {copy.menuHeading[menu]}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.addressHint}</p>
      <FieldError id={`${menu}-error`} error={errors[menu]} />
      {rows.length === 0 ? <p className="mt-4 text-slate-600">{copy.empty}</p> : null}
      <ol className="mt-4 grid gap-3">
        {rows.map((row, index) => (
          <li key={row.key} onDragEnter={allowDrop} onDragOver={allowDrop} onDrop={(event) => drop(event, index)}>
            <fieldset className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">{copy.linkLegend(menu, index + 1)}</legend>
              <div className="flex items-start gap-2">
                <DragHandle
                  title={copy.dragHandle}
                  dragData={row.key}
                  onDragStart={() => (dragFrom.current = index)}
                  onDragEnd={() => (dragFrom.current = undefined)}
                  className="mt-7"
                />
                <div className="grid min-w-0 flex-1 gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
                  <LinkField id={`${row.key}-label`} label={copy.label} value={row.label} max={NAVIGATION_LIMITS.label} error={errors[itemField(menu, index, "label")]} onChange={(label) => change(index, { label })} />
                  <LinkField id={`${row.key}-href`} label={copy.address} value={row.href} max={NAVIGATION_LIMITS.href} error={errors[itemField(menu, index, "href")]} onChange={(href) => change(index, { href })} list={ADDRESS_LIST_ID} />
                </div>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" id={`${row.key}-up`} className={controlClass} disabled={index === 0} onClick={() => move(index, -1)}>
                  {copy.moveUp}
                  <span className="sr-only"> {copy.linkLegend(menu, index + 1)}</span>
                </button>
                <button type="button" id={`${row.key}-down`} className={controlClass} disabled={index === rows.length - 1} onClick={() => move(index, 1)}>
                  {copy.moveDown}
                  <span className="sr-only"> {copy.linkLegend(menu, index + 1)}</span>
                </button>
                <button type="button" className={controlClass} onClick={() => remove(index)}>
                  {copy.remove}
                  <span className="sr-only"> {copy.linkLegend(menu, index + 1)}</span>
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        id={`${menu}-add`}
        className={`${controlClass} mt-4`}
        disabled={rows.length >= NAVIGATION_LIMITS[menu]}
        onClick={() => {
          const row = newRow();
          onChange([...rows, row]);
          setFocus(`${row.key}-label`);
        }}
      >
        {copy.addLink(menu)}
      </button>
    </section>
  );
}

/** The addresses the address fields suggest (the site's pages), rendered once by the screen. */
export const ADDRESS_LIST_ID = "menu-addresses";

function LinkField({ id, label, value, max, error, list, onChange }: { id: string; label: string; value: string; max: number; error: string | undefined; list?: string; onChange: (value: string) => void }) {
  return (
    <LabelledField id={id} label={label} error={error}>
      {(control) => (
        <input {...control} type="text" list={list} value={value} maxLength={max} onChange={(event) => onChange(event.target.value)} className={`${adminInputClass} ${error ? "border-red-600" : "border-slate-500"}`} />
      )}
    </LabelledField>
  );
}
