import { useId, useState } from "react";
import { toast } from "sonner";
import { adminToasts } from "../../../../domain/admin-messages";
import { workflowTexts } from "../../../../domain/post-workflow";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { TitledSection } from "../admin-panels";

/**
 * Revokes every preview link of every post at once, after a confirmation, for a link that may
 * have reached the wrong person (docs/decisions/130-preview-links-end-with-the-password.md).
 */
export function RevokeAllPreviewLinks() {
  const run = useAdminCall();
  const headingId = useId();
  const [busy, setBusy] = useState(false);

  async function revokeAll() {
    if (!window.confirm(workflowTexts.revokeAllConfirm)) return;
    setBusy(true);
    const result = await run(adminApi.revokeAllPreviewLinks());
    setBusy(false);
    if (result.ok) {
      const done = adminToasts.previewLinksRevoked(result.data.revoked);
      toast.success(done.title, { description: done.description });
    } else if (result.status !== 401) {
      toast.error(adminToasts.revokePreviewLinksFailed.title, { description: adminToasts.revokePreviewLinksFailed.description });
    }
  }

  return (
    <TitledSection id={headingId} title={workflowTexts.shareHeading} lead={workflowTexts.revokeAllLead} className="mt-10 rounded-lg border border-slate-200 p-6" titleClassName="text-lg font-semibold text-slate-900" leadClassName="mt-1 max-w-3xl text-sm text-slate-600">
      <button
        type="button"
        disabled={busy}
        onClick={() => void revokeAll()}
        className="mt-4 rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
      >
        {workflowTexts.revokeAll}
      </button>
    </TitledSection>
  );
}
