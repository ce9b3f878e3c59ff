import { useEffect, useState } from "react";
import { toast } from "sonner";
import { isImageAttachment } from "../../../../domain/attachment-images";
import { formatBytes } from "../../../../domain/report-attachments";
import { triageCopy } from "../../../content/triage";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { saveFile } from "../../../lib/browser/save-file";

type FileInfo = { id: string; filename: string; content_type: string; size: number; sha256?: string };

/** Downloads with the bearer token (see saveFile), under the stored, cleaned file name. */
export function AttachmentRow({ reportId, attachment }: { reportId: string; attachment: FileInfo }) {
  const run = useAdminCall();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    const result = await run(adminApi.downloadAttachment(reportId, attachment.id));
    setBusy(false);
    if (!result.ok) {
      if (result.status !== 401) toast.error(triageCopy.downloadFailed);
      return;
    }
    saveFile(result.data, attachment.filename);
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-4 px-5 py-4">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">{attachment.filename}</p>
        <p className="text-sm text-slate-600">
          {attachment.content_type} · {formatBytes(attachment.size)}
        </p>
        {attachment.sha256 ? <p className="font-mono text-xs break-all text-slate-500">SHA-256 {attachment.sha256}</p> : null}
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => void download()}
        aria-label={triageCopy.downloadName(attachment.filename)}
        className="rounded-lg border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
      >
        {triageCopy.download}
      </button>
      {isImageAttachment(attachment.content_type) ? <ImagePreview reportId={reportId} attachment={attachment} /> : null}
    </li>
  );
}

/**
 * A PNG or JPEG shown as an image (docs/decisions/217): fetched with the bearer token like a
 * download and shown from a data: address, which the pages' CSP already allows for images.
 */
function ImagePreview({ reportId, attachment }: { reportId: string; attachment: FileInfo }) {
  const run = useAdminCall();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void run(adminApi.downloadAttachment(reportId, attachment.id)).then(async (result) => {
      if (!result.ok || !live) return;
      const url = await dataUrlOf(result.data);
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [run, reportId, attachment.id]);
  if (!src) return null;
  return <img src={src} alt={triageCopy.preview(attachment.filename)} className="max-h-72 max-w-full basis-full rounded-lg border border-slate-200 object-contain object-left" />;
}

function dataUrlOf(blob: Blob): Promise<string | undefined> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : undefined);
    reader.onerror = () => resolve(undefined);
    reader.readAsDataURL(blob);
  });
}
