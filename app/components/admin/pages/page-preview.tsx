import { useMemo, useState } from "react";
import type { PublicForm } from "../../../../domain/form-entries";
import { PAGE_BLOCK_LIBRARY } from "../../../../domain/page-blocks";
import { blockListCopy, pageEditorCopy as copy } from "../../../content/admin-pages";
import { adminApi } from "../../../lib/admin/client";
import { useAdminQuery } from "../../../lib/admin/hooks";
import { PageBlocks } from "../../blocks/page-blocks";
import { previewableBlocks, type EditableBlock, type LeftOutBlock } from "./block-editing";
import { fieldPlace } from "./block-field-table";
import { PreviewFrame } from "./preview-frame";

/** The frame's width in CSS pixels: a laptop's, and a phone's. */
const WIDTHS = { desktop: 1280, phone: 390 } as const;

/**
 * The page as it will look, drawn by the site's own block renderers as she types, in a frame
 * 1280 px wide (scaled to fit) or a phone's 390 px. Blocks with problems are left out until fixed
 * (the renderers take only valid blocks): a line names each one's block and field, and jumps to it.
 */
export function PagePreview({ blocks, onJump }: { blocks: readonly EditableBlock[]; onJump: (problem: LeftOutBlock) => void }) {
  const [width, setWidth] = useState<keyof typeof WIDTHS>("desktop");
  const shown = useMemo(() => previewableBlocks(blocks), [blocks]);
  // The forms the form blocks name, as the live page draws them (the list the form picker reads).
  const { query: formsQuery } = useAdminQuery("forms", adminApi.listForms);
  const forms = useMemo(
    () => Object.fromEntries((formsQuery.status === "ready" ? formsQuery.data : []).map((form): [string, PublicForm] => [form.id, form])),
    [formsQuery],
  );
  const choice = (value: keyof typeof WIDTHS, label: string) => (
    <button
      type="button"
      aria-pressed={width === value}
      onClick={() => setWidth(value)}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${width === value ? "bg-indigo-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {label}
    </button>
  );
  return (
    <section aria-labelledby="page-preview-heading" className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="page-preview-heading" className="text-xl font-semibold text-slate-900">
          {copy.previewHeading}
        </h2>
        <div role="group" aria-label={copy.previewWidthLabel} className="flex gap-1 rounded-lg border border-slate-300 p-1">
          {choice("desktop", copy.desktop)}
          {choice("phone", copy.phone)}
        </div>
      </div>
      {shown.problems.length > 0 ? (
        <ul className="mt-2 grid gap-1 text-sm text-amber-900">
          {shown.problems.map((problem) => {
            const text = copy.previewLeftOut(blockListCopy.blockName(problem.position, PAGE_BLOCK_LIBRARY[problem.type].label), fieldPlace(problem.type, problem.field), problem.message);
            return (
              <li key={problem.blockId}>
                {text}{" "}
                {/* Named with its problem: the list may hold several of these buttons. */}
                <button
                  type="button"
                  aria-label={`${copy.goToField}: ${text}`}
                  onClick={() => onJump(problem)}
                  className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
                >
                  {copy.goToField}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {/* Focusable, so the keyboard scrolls a long page (the frame itself is inert). */}
      <div
        tabIndex={0}
        role="group"
        aria-label={copy.scrollLabel}
        className="mt-3 max-h-[80vh] overflow-auto rounded-lg border border-slate-300 bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <div className={width === "phone" ? "mx-auto max-w-[390px]" : ""}>
          <PreviewFrame width={WIDTHS[width]} title={copy.frameTitle}>
            {shown.blocks.length > 0 ? <PageBlocks blocks={shown.blocks} forms={forms} /> : <p className="p-8 text-center text-slate-600">{copy.previewEmpty}</p>}
          </PreviewFrame>
        </div>
      </div>
    </section>
  );
}
