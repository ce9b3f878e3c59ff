import { useId, useRef, useState } from "react";
import { PAGE_BLOCK_LIBRARY, PAGE_BLOCK_TYPES, type PageBlockType } from "../../../../domain/page-blocks";
import { pageEditorCopy as copy } from "../../../content/admin-pages";
import { AdminButton, adminInputClass, fieldLabelClass } from "../admin-form";

/**
 * "Add block": a disclosure listing the library, each type with its label and description. A
 * list of buttons rather than an ARIA menu: Tab and Enter are all it needs, and Escape closes it.
 * The new block goes after the block she was editing (`current`), or wherever she places it
 * (docs/decisions/222); without one, at the end.
 */
export function AddBlockMenu({ names, current, onAdd }: { names: readonly string[]; current: number | undefined; onAdd: (type: PageBlockType, at: number) => void }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState(names.length);
  const listId = useId();
  const placeId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <div className="mt-4">
      <AdminButton
        ref={toggle}
        id="add-block"
        variant="outline"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          if (!open) setPlace(current === undefined ? names.length : current + 1);
          setOpen(!open);
        }}
      >
        <span aria-hidden="true">+ </span>
        {copy.addBlock}
      </AdminButton>
      <div
        id={listId}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
        className="mt-2 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      >
        {names.length > 0 ? (
          <div className="mb-2 px-1">
            <label htmlFor={placeId} className={fieldLabelClass}>
              {copy.addPlaceLabel}
            </label>
            <select id={placeId} value={place} onChange={(event) => setPlace(Number(event.target.value))} className={`${adminInputClass} border-slate-300`}>
              <option value={0}>{copy.addAtStart}</option>
              {names.map((name, index) => (
                <option key={index} value={index + 1}>
                  {copy.addAfter(name)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <ul aria-label={copy.libraryLabel} className="grid gap-2 sm:grid-cols-2">
          {PAGE_BLOCK_TYPES.map((type) => (
            <li key={type}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onAdd(type, place);
                }}
                className="block h-full w-full rounded-md px-3 py-2 text-left hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span className="block text-sm font-semibold text-slate-900">{PAGE_BLOCK_LIBRARY[type].label}</span>
                <span className="block text-xs text-slate-600">{PAGE_BLOCK_LIBRARY[type].description}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

