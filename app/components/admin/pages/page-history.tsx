import { useEffect, useId, useState } from "react";
import { PAGE_BLOCK_LIBRARY } from "../../../../domain/page-blocks";
import { pageRevisionTexts, type PageRevision, type PageRevisionSummary } from "../../../../domain/page-revisions";
import { workflowTexts } from "../../../../domain/post-workflow";
import { pageEditorCopy } from "../../../content/admin-pages";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../../../lib/admin/hooks";
import { formatAdminDate } from "../../../lib/dates";
import { diffPageVersions, type ComparedVersion } from "./page-diff";
import { ComparedRevision, RevisionList } from "../workflow/revision-list";
import { PageRevisionDiff } from "./page-revision-diff";

/**
 * The page's revisions, newest first, as the post editor lists them. Each can be compared with
 * the editor's draft, or restored: restoring makes it the draft on the server (the live page is
 * unchanged until Publish) and puts it in the editor.
 */
export function PageHistory({
  pageId,
  version,
  current,
  busy,
  onRestore,
}: {
  pageId: string;
  /** Changes whenever a write may have added a revision. */
  version: number;
  current: ComparedVersion;
  busy: boolean;
  onRestore: (revisionId: string, when: string) => void;
}) {
  const run = useAdminCall();
  const headingId = useId();
  const { query, reload } = useAdminQuery(`page-revisions:${pageId}`, () => adminApi.listPageRevisions(pageId));
  // Taken when asked for: the draft at that moment, not re-diffed on every keystroke.
  const [compared, setCompared] = useState<{ revision: PageRevision; label: string; draft: ComparedVersion }>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);

  async function compare(summary: Pick<PageRevisionSummary, "id" | "updated_at">) {
    setLoading(true);
    const result = await run(adminApi.getPageRevision(pageId, summary.id));
    setLoading(false);
    if (result.ok) setCompared({ revision: result.data, label: formatAdminDate(summary.updated_at), draft: current });
  }

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg border border-slate-200 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {workflowTexts.history}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{pageRevisionTexts.restoreLead}</p>
      {query.status === "ready" ? (
        <RevisionList
          // Named by the person who saved each (decision 223), as a post's history is.
          revisions={query.data.map((revision) => ({ ...revision, saved_by: revision.saved_by_person }))}
          disabled={loading || busy}
          onCompare={(revision) => void compare(revision)}
          onRestore={(revision) => {
            setCompared(undefined);
            onRestore(revision.id, formatAdminDate(revision.updated_at));
          }}
        />
      ) : null}
      {query.status === "failed" ? <p className="mt-3 text-sm text-red-700">{pageEditorCopy.toasts.actionFailed}</p> : null}
      {compared ? (
        <ComparedRevision label={compared.label} onClose={() => setCompared(undefined)}>
          <PageRevisionDiff diff={diffPageVersions(compared.revision.page, compared.draft)} blockLabel={(type) => PAGE_BLOCK_LIBRARY[type].label} />
        </ComparedRevision>
      ) : null}
    </section>
  );
}
