import { useId, useRef, useState } from "react";
import { PAGE_BLOCK_LIBRARY, PAGE_BLOCK_TYPES, type PageBlockType } from "../../../../domain/page-blocks";
import { pageEditorCopy as copy } from "../../../content/admin-pages";
import { AdminButton } from "../admin-form";

/**
 * "Add block": a disclosure listing the library, each type with its label and description. A
 * list of buttons rather than an ARIA menu: Tab and Enter are all it needs, and Escape closes it.
 */
export function AddBlockMenu({ onAdd }: { onAdd: (type: PageBlockType) => void }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <div className="mt-4">
      <AdminButton ref={toggle} id="add-block" variant="outline" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">+ </span>
        {copy.addBlock}
      </AdminButton>
      <ul
        id={listId}
        aria-label={copy.libraryLabel}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
        className="mt-2 grid gap-2 rounded-lg border border-slate-200 bg-white p-2 shadow-lg sm:grid-cols-2"
      >
        {PAGE_BLOCK_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onAdd(type);
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
  );
}
