import { useState } from "react";
import { ATTACHMENT_ACCEPT, attachmentMessages, formatBytes } from "../../../domain/report-attachments";
import { attachmentPickerCopy } from "../../content/security-submit";

export type ChosenFile = { key: string; file: File };

/**
 * A multi-file picker with a drop zone: files accumulate across additions and are removed one
 * by one. The checks themselves happen in the form (`onFilesChosen`); refusals are shown here.
 */
export function AttachmentPicker({
  id = "attachments",
  chooseLabel = attachmentPickerCopy.choose,
  rule,
  files,
  problems,
  checking,
  disabled,
  onFilesChosen,
  onRemove,
}: {
  /** The file input's id; the hints' and problems' ids follow from it. */
  id?: string;
  chooseLabel?: string;
  /** The server's rule, beside the specified hint: files are judged by content (from the page's loader). */
  rule?: string;
  files: readonly ChosenFile[];
  problems: readonly string[];
  checking: boolean;
  disabled: boolean;
  onFilesChosen: (files: File[]) => void;
  onRemove: (key: string) => void;
}) {
  const [dragging, setDragging] = useState(false);

  function acceptDrag(event: React.DragEvent) {
    if (disabled || !event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  return (
    <div>
      <div
        onDragEnter={acceptDrag}
        onDragOver={acceptDrag}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) onFilesChosen(Array.from(event.dataTransfer.files));
        }}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors ${
          dragging ? "border-indigo-600 bg-indigo-50" : "border-slate-300 bg-slate-50"
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path strokeLinecap="round" strokeLinejoin="round" d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
        </svg>
        {/* Where touch is the input there is nothing to drag: say what to tap instead. */}
        <p className="text-slate-700 pointer-coarse:hidden">{attachmentPickerCopy.dropHere}</p>
        <p className="hidden text-slate-700 pointer-coarse:block">{attachmentPickerCopy.chooseOnTouch}</p>
        <label
          htmlFor={id}
          className={`inline-flex min-h-11 items-center rounded-lg border border-indigo-600 px-4 text-sm font-semibold text-indigo-700 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-indigo-700 ${
            disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-indigo-50"
          }`}
        >
          {chooseLabel}
          <input
            id={id}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            disabled={disabled}
            aria-describedby={`${id}-hint${rule ? ` ${id}-rule` : ""} ${id}-problems`}
            className="sr-only"
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              // Cleared, so that a file removed from the list can be chosen again.
              event.target.value = "";
              onFilesChosen(chosen);
            }}
          />
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {attachmentMessages.hint}
        </p>
        {rule ? (
          <p id={`${id}-rule`} className="max-w-prose text-xs text-slate-600">
            {rule}
          </p>
        ) : null}
        {checking ? (
          <p role="status" className="text-sm text-slate-600">
            {attachmentPickerCopy.checking}
          </p>
        ) : null}
      </div>

      <AttachmentProblems id={`${id}-problems`} problems={problems} />
      <ChosenFileList files={files} disabled={disabled} onRemove={onRemove} />
    </div>
  );
}

/** Why files were refused, announced as they appear; an empty alert region otherwise. */
function AttachmentProblems({ id, problems }: { id: string; problems: readonly string[] }) {
  return (
    <div id={id} role="alert" className="empty:hidden">
      {problems.length > 0 ? (
        <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{attachmentPickerCopy.refusedTitle}</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The chosen files, each with its size and a button that removes it; nothing while none is chosen. */
function ChosenFileList({ files, disabled, onRemove }: { files: readonly ChosenFile[]; disabled: boolean; onRemove: (key: string) => void }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label={attachmentPickerCopy.chosenFiles} className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
      {files.map(({ key, file }) => (
        <li key={key} className="flex items-center justify-between gap-4 px-4 py-3">
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900">{file.name}</span>
            <span className="text-sm text-slate-500">{formatBytes(file.size)}</span>
          </span>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onRemove(key)}
            aria-label={attachmentPickerCopy.remove(file.name)}
            className="inline-flex min-h-11 shrink-0 items-center rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
          >
            {attachmentPickerCopy.removeLabel}
          </button>
        </li>
      ))}
    </ul>
  );
}
