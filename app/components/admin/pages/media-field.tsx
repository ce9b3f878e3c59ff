import { useRef, useState } from "react";
import { mediaLibraryCopy } from "../../../content/admin-media-library";
import { LabelledField } from "../../ui/labelled-field";
import { fieldLabelClass } from "../admin-form";
import { MediaLibraryDialog } from "./media-library-dialog";

const chooseButton =
  "mt-1 shrink-0 rounded-md border border-indigo-300 px-2.5 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600";

/**
 * An image's address: typed (an https address from elsewhere) or chosen from the media library.
 * Choosing fills the address and moves the focus to `nextId` (the alt text, which she writes
 * next); closing without a choice gives the focus back to the button.
 */
export function MediaField({
  id,
  name,
  label,
  value,
  error,
  inputClassName,
  nextId,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  inputClassName: string;
  nextId: string;
  onChange: (url: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  function close(url: string | undefined) {
    setOpen(false);
    if (url) onChange(url);
    // After the dialog has gone (its close gives the focus back on its own; this decides where).
    requestAnimationFrame(() => (url ? document.getElementById(nextId) : opener.current)?.focus());
  }

  return (
    <LabelledField id={id} label={label} error={error} labelClassName={fieldLabelClass}>
      {(props) => (
        // One group: the focus moving to Choose or into the library is not leaving the field (block-list.tsx).
        <div data-field-group="" className="flex flex-wrap items-center gap-x-2">
          <input {...props} name={name} type="text" value={value} onChange={(event) => onChange(event.target.value)} className={`${inputClassName} min-w-0 flex-1 basis-48`} />
          <button ref={opener} type="button" aria-haspopup="dialog" aria-label={mediaLibraryCopy.chooseFor(label)} onClick={() => setOpen(true)} className={chooseButton}>
            {mediaLibraryCopy.choose}
          </button>
          {open ? <MediaLibraryDialog current={value} onClose={close} /> : null}
        </div>
      )}
    </LabelledField>
  );
}
