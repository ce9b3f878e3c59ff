import { workflowTexts } from "../../../../domain/post-workflow";
import { formatDateTime } from "../../../lib/dates";

/** Offers back the newer unsaved version found when the editor opened. */
export function RecoveryNotice({ at, onRestore, onDiscard }: { at: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div role="alert" className="mb-6 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="mr-auto">{workflowTexts.recoveryFound(formatDateTime(at))}</p>
      <button
        type="button"
        onClick={onRestore}
        className="rounded-md bg-amber-800 px-3 py-1.5 font-semibold text-white hover:bg-amber-900"
      >
        {workflowTexts.recoveryRestore}
      </button>
      <button
        type="button"
        onClick={onDiscard}
        className="rounded-md border border-amber-800 px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100"
      >
        {workflowTexts.recoveryDiscard}
      </button>
    </div>
  );
}
