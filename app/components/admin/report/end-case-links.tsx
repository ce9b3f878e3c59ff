import { useId, useState } from "react";
import { toast } from "sonner";
import { triageCopy } from "../../../content/triage";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { TitledSection } from "../admin-panels";

/** Ends every link to a report's case page after a confirmation: for a link others may have seen. */
export function EndCaseLinks({ reportId }: { reportId: string }) {
  const run = useAdminCall();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const copy = triageCopy.caseLinks;

  async function endAll() {
    if (!window.confirm(copy.confirm)) return;
    setBusy(true);
    const result = await run(adminApi.endCaseLinks(reportId));
    setBusy(false);
    if (result.ok) toast.success(copy.ended);
    else if (result.status !== 401) toast.error(copy.failed, { description: result.error });
  }

  return (
    <TitledSection
      id={headingId}
      title={copy.heading}
      lead={copy.lead}
      className="mt-10"
      titleClassName="text-xl font-semibold text-slate-900"
      leadClassName="mt-1 text-sm text-slate-600"
    >
      <button
        type="button"
        disabled={busy}
        onClick={() => void endAll()}
        className="mt-4 rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
      >
        {copy.button}
      </button>
    </TitledSection>
  );
}
