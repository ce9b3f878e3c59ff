import { useState } from "react";
import { MEDIA_ACCEPT, mediaMessages } from "../../../domain/media";
import { useImageUpload } from "../../lib/admin/use-image-upload";

/**
 * 'Upload image' beside an image address field: the chosen file is uploaded and its address
 * fills the field (which still takes any http(s) address typed by hand).
 */
export function ImageUploadButton({
  label,
  onUploaded,
}: {
  /** The accessible name, such as 'Upload image for the featured image'. */
  label: string;
  onUploaded: (url: string) => void;
}) {
  const upload = useImageUpload();
  const [busy, setBusy] = useState(false);

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    setBusy(true);
    const url = await upload(file);
    setBusy(false);
    if (url) onUploaded(url);
  }

  return (
    <label
      className={`mt-1 inline-flex cursor-pointer items-center rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 focus-within:ring-2 focus-within:ring-indigo-600 hover:bg-slate-50 ${busy ? "opacity-50" : ""}`}
    >
      <span aria-live="polite">{busy ? mediaMessages.uploading : mediaMessages.upload}</span>
      <input
        type="file"
        accept={MEDIA_ACCEPT}
        aria-label={label}
        disabled={busy}
        onChange={(event) => void onChange(event)}
        className="sr-only"
      />
    </label>
  );
}
