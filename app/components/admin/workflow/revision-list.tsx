import type { ReactNode } from "react";
import { workflowTexts, type RevisionSummary } from "../../../../domain/post-workflow";
import { ROLE_LABELS, type Actor } from "../../../../domain/roles";
import { revisionLabel } from "./revision-label";

const revisionButtonClass =
  "rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50";

/** `saved_by`: who kept it, named (decisions 210, 223); a string (a page's session) is not shown. */
type ListedRevision = Pick<RevisionSummary, "id" | "kind" | "published" | "title" | "updated_at"> & { saved_by?: Actor | string | null };

function savedBy(revision: ListedRevision): string | undefined {
  const by = revision.saved_by;
  return by && typeof by === "object" ? workflowTexts.savedBy(`${by.name} (${ROLE_LABELS[by.role]})`) : undefined;
}

/**
 * A history's revisions, newest first, as the post and page editors both list them: what kind of
 * save and when, a published mark, the title, and Compare and Restore.
 */
export function RevisionList<T extends ListedRevision>({
  revisions,
  disabled,
  onCompare,
  onRestore,
}: {
  revisions: T[];
  disabled: boolean;
  onCompare: (revision: T) => void;
  onRestore: (revision: T) => void;
}) {
  if (revisions.length === 0) return <p className="mt-3 text-sm text-slate-600">{workflowTexts.noRevisions}</p>;
  return (
    <ol className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto">
      {revisions.map((revision) => {
        const label = revisionLabel(revision);
        return (
          <li key={revision.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
            <span className="mr-auto min-w-0 text-slate-800">
              {label}
              {revision.published ? (
                <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">{workflowTexts.publishedRevision}</span>
              ) : null}
              <span className="block break-words text-xs text-slate-600">{revision.title}</span>
              {savedBy(revision) ? <span className="block text-xs text-slate-600">{savedBy(revision)}</span> : null}
            </span>
            <button type="button" disabled={disabled} className={revisionButtonClass} aria-label={`${workflowTexts.compare}: ${label}`} onClick={() => onCompare(revision)}>
              {workflowTexts.compare}
            </button>
            <button type="button" disabled={disabled} className={revisionButtonClass} aria-label={`${workflowTexts.restore}: ${label}`} onClick={() => onRestore(revision)}>
              {workflowTexts.restore}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** The comparison of one revision with the editor's text, under its heading, with Close. */
export function ComparedRevision({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const heading = workflowTexts.diffHeading(label);
  return (
    <div role="region" aria-label={heading} className="mt-4 rounded-md bg-slate-50 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-4">
        <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
        <button type="button" className={revisionButtonClass} onClick={onClose}>
          {workflowTexts.closeDiff}
        </button>
      </div>
      {children}
    </div>
  );
}
