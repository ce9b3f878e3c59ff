import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { IMAGE_ALT_MAX, imageAltTexts } from "../../../../domain/post-editor";
import { adminInputClass, AdminButton, fieldLabelClass } from "../admin-form";

/**
 * Asks for an image's alternative text (decision 183): a modal dialog (the browser's own, so focus
 * stays inside and Escape closes it) with the text, or "decorative" for an empty alt. `onClose`
 * gets the text, "" for decorative, or undefined when skipped. Rendered into the body: it holds
 * fields of its own, and must not be a part of the post's form.
 */
export function ImageAltDialog({ initialAlt, onClose }: { initialAlt: string | null; onClose: (alt: string | undefined) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [text, setText] = useState(initialAlt ?? "");
  const [decorative, setDecorative] = useState(initialAlt === "");
  const [error, setError] = useState<string>();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  function save() {
    if (decorative) return onClose("");
    const alt = text.trim();
    if (!alt) {
      setError(imageAltTexts.altRequired);
      document.getElementById(`${id}-alt`)?.focus();
      return;
    }
    onClose(alt);
  }

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-lead`}
      onCancel={(event) => {
        event.preventDefault();
        onClose(undefined);
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">{imageAltTexts.dialogHeading}</h2>
      <p id={`${id}-lead`} className="mt-1 text-sm text-slate-600">{imageAltTexts.dialogLead}</p>
      <div className="mt-4">
        <label htmlFor={`${id}-alt`} className={fieldLabelClass}>{imageAltTexts.altLabel}</label>
        <textarea
          id={`${id}-alt`}
          autoFocus
          rows={2}
          maxLength={IMAGE_ALT_MAX}
          value={text}
          disabled={decorative}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            // Enter saves, as in a one-line field; Shift+Enter is not needed for a description.
            if (event.key === "Enter") {
              event.preventDefault();
              save();
            }
          }}
          className={`${adminInputClass} ${error ? "border-red-600" : "border-slate-300"} disabled:bg-slate-100`}
        />
        {error ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p> : null}
      </div>
      <label className="mt-3 flex items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={decorative}
          onChange={(event) => {
            setDecorative(event.target.checked);
            setError(undefined);
          }}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-700 focus:ring-indigo-600"
        />
        {imageAltTexts.decorativeLabel}
      </label>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <AdminButton variant="secondary" onClick={() => onClose(undefined)}>{imageAltTexts.skip}</AdminButton>
        <AdminButton variant="primary" onClick={save}>{imageAltTexts.save}</AdminButton>
      </div>
    </dialog>,
    document.body,
  );
}
