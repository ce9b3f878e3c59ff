import { useEffect, useId, useState } from "react";
import { workflowTexts, type Revision, type RevisionSummary } from "../../../../domain/post-workflow";
import { formatAdminDate } from "../../../lib/dates";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../../../lib/admin/hooks";
import type { EditorValues } from "../post-form";
import { toFormValuesLike } from "./form-values";
import { RevisionDiff } from "./revision-diff";
import { revisionLabel } from "./revision-label";

const buttonClass =
  "rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50";

/**
 * The post's revisions, newest first. Each can be compared with the editor's current text, or
 * restored into the editor: restoring saves nothing until Save Draft or Publish.
 */
export function RevisionHistory({
  postId,
  version,
  read,
  onRestore,
}: {
  postId: string;
  /** Changes whenever a save may have added a revision. */
  version: number;
  read: () => { values: EditorValues; content: string } | undefined;
  onRestore: (values: EditorValues, content: string, label: string) => void;
}) {
  const run = useAdminCall();
  const headingId = useId();
  const { query, reload } = useAdminQuery(`revisions:${postId}`, () => adminApi.listRevisions(postId));
  // The comparison is taken when asked for: the editor's text at that moment, not re-read (and
  // re-diffed) on every render while the person keeps typing or the autosave status changes.
  const [compared, setCompared] = useState<{ revision: Revision; label: string; current: NonNullable<ReturnType<typeof read>> }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);

  async function open(summary: RevisionSummary, then: "compare" | "restore") {
    setBusy(true);
    const result = await run(adminApi.getRevision(postId, summary.id));
    setBusy(false);
    if (!result.ok) return;
    const current = read();
    if (!current) return;
    if (then === "compare") setCompared({ revision: result.data, label: formatAdminDate(summary.updated_at), current });
    else {
      setCompared(undefined);
      onRestore(toFormValuesLike(current.values, result.data.post), result.data.post.content, formatAdminDate(summary.updated_at));
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {workflowTexts.history}
      </h2>
      {query.status === "ready" && query.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{workflowTexts.noRevisions}</p>
      ) : null}
      {query.status === "ready" && query.data.length > 0 ? (
        <ol className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto">
          {query.data.map((revision) => {
            const label = revisionLabel(revision);
            return (
              <li key={revision.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <span className="mr-auto text-slate-800">
                  {label}
                  {revision.published ? (
                    <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
                      {workflowTexts.publishedRevision}
                    </span>
                  ) : null}
                  <span className="block text-xs text-slate-600">{revision.title}</span>
                </span>
                <button type="button" disabled={busy} className={buttonClass} aria-label={`${workflowTexts.compare}: ${label}`} onClick={() => void open(revision, "compare")}>
                  {workflowTexts.compare}
                </button>
                <button type="button" disabled={busy} className={buttonClass} aria-label={`${workflowTexts.restore}: ${label}`} onClick={() => void open(revision, "restore")}>
                  {workflowTexts.restore}
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {compared ? (
        <div role="region" aria-label={workflowTexts.diffHeading(compared.label)} className="mt-4 rounded-md bg-slate-50 p-4">
          <div className="mb-3 flex items-center justify-between gap-4">
            <h3 className="text-sm font-semibold text-slate-900">{workflowTexts.diffHeading(compared.label)}</h3>
            <button type="button" className={buttonClass} onClick={() => setCompared(undefined)}>
              {workflowTexts.closeDiff}
            </button>
          </div>
          <RevisionDiff
            from={{ values: toFormValuesLike(compared.current.values, compared.revision.post), content: compared.revision.post.content }}
            to={compared.current}
          />
        </div>
      ) : null}
    </section>
  );
}
