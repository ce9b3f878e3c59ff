import { caseTexts, type CaseAttachment } from "../../../domain/disclosure-case";
import { isImageAttachment } from "../../../domain/attachment-images";
import { formatBytes } from "../../../domain/report-attachments";

/**
 * Files of a case, each downloaded through the case link; a PNG or JPEG also shows as a preview
 * whose alternative text names the file (docs/decisions/217). The server serves it inline only
 * once its bytes are checked again.
 */
export function CaseFiles({ files, api, className = "mt-3" }: { files: readonly CaseAttachment[]; api: string; className?: string }) {
  return (
    <ul className={`${className} space-y-2 text-sm`}>
      {files.map((file) => {
        const href = `${api}/attachments/${encodeURIComponent(file.id)}`;
        return (
          <li key={file.id} className="break-all">
            {isImageAttachment(file.content_type) ? (
              <img src={href} alt={caseTexts.preview(file.filename)} loading="lazy" className="mb-1 block max-h-64 max-w-full rounded-lg border border-slate-200" />
            ) : null}
            <a href={href} download={file.filename} className="font-medium text-indigo-700 underline">
              {file.filename}
            </a>{" "}
            <span className="text-slate-600">({formatBytes(file.size)})</span>
          </li>
        );
      })}
    </ul>
  );
}
