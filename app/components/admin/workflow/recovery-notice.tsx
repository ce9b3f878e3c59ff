import { workflowTexts } from "../../../../domain/post-workflow";
import { formatAdminDate } from "../../../lib/dates";
import { AdminButton } from "../admin-form";

/** Offers back the newer unsaved version found when the editor opened. */
export function RecoveryNotice({ at, onRestore, onDiscard }: { at: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div role="alert" className="mb-6 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="mr-auto">{workflowTexts.recoveryFound(formatAdminDate(at))}</p>
      <AdminButton variant="warning" onClick={onRestore}>
        {workflowTexts.recoveryRestore}
      </AdminButton>
      <AdminButton variant="warningOutline" onClick={onDiscard}>
        {workflowTexts.recoveryDiscard}
      </AdminButton>
    </div>
  );
}
