import { liveSaveTexts } from "../../../../domain/post-editor";
import { workflowTexts } from "../../../../domain/post-workflow";
import type { AutosaveStatus } from "./use-autosave";

const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

function describe(status: AutosaveStatus): string {
  switch (status.kind) {
    case "idle":
      return "";
    case "saving":
      return workflowTexts.saving;
    case "saved":
      return workflowTexts.saved(time.format(status.at));
    case "offline":
      return workflowTexts.offline;
    case "invalid":
      return workflowTexts.notSaved(workflowTexts.checkFields);
    case "failed":
      return workflowTexts.notSaved(workflowTexts.serverRetrying);
  }
}

/**
 * The autosave's state, read out politely by screen readers as it changes. On a published post an
 * autosave is a revision: the status says the live article did not change (decision 182).
 */
export function AutosaveStatusText({ status, live = false }: { status: AutosaveStatus; live?: boolean }) {
  const failing = status.kind === "offline" || status.kind === "invalid" || status.kind === "failed";
  return (
    <p role="status" aria-live="polite" className={`mr-auto text-sm ${failing ? "text-red-700" : "text-slate-600"}`}>
      {describe(status)}
      {live && status.kind === "saved" ? <span className="block">{liveSaveTexts.draftSavedLiveUnchanged}</span> : null}
    </p>
  );
}
