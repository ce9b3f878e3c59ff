import { useEffect, useId, useState } from "react";
import { workflowTexts, type Revision, type RevisionSummary } from "../../../../domain/post-workflow";
import { formatAdminDate } from "../../../lib/dates";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../../../lib/admin/hooks";
import type { EditorValues } from "../post-form";
import { toFormValuesLike } from "./form-values";
import { RevisionDiff } from "./revision-diff";
import { ComparedRevision, RevisionList } from "./revision-list";

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
      {query.status === "ready" ? (
        <RevisionList
          revisions={query.data}
          disabled={busy}
          onCompare={(revision) => void open(revision, "compare")}
          onRestore={(revision) => void open(revision, "restore")}
        />
      ) : null}
      {compared ? (
        <ComparedRevision label={compared.label} onClose={() => setCompared(undefined)}>
          <RevisionDiff
            from={{ values: toFormValuesLike(compared.current.values, compared.revision.post), content: compared.revision.post.content }}
            to={compared.current}
          />
        </ComparedRevision>
      ) : null}
    </section>
  );
}
