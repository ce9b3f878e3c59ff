import { workflowTexts, type RevisionSummary } from "../../../../domain/post-workflow";
import { formatAdminDate } from "../../../lib/dates";

/** How a revision is named in a history, a post's or a page's: what kind of save, and when. */
export function revisionLabel(revision: Pick<RevisionSummary, "kind" | "updated_at">): string {
  const kind = revision.kind === "autosave" ? workflowTexts.autosaveRevision : workflowTexts.savedRevision;
  return `${kind}, ${formatAdminDate(revision.updated_at)}`;
}
