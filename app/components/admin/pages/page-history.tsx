import { useEffect, useId, useState } from "react";
import { PAGE_BLOCK_LIBRARY } from "../../../../domain/page-blocks";
import { pageRevisionTexts, type PageRevision, type PageRevisionSummary } from "../../../../domain/page-revisions";
import { workflowTexts } from "../../../../domain/post-workflow";
import { pageEditorCopy } from "../../../content/admin-pages";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../../../lib/admin/hooks";
import { formatAdminDate } from "../../../lib/dates";
import { diffPageVersions, type ComparedVersion } from "./page-diff";
import { revisionLabel } from "../workflow/revision-label";
import { PageRevisionDiff } from "./page-revision-diff";

const buttonClass =
  "rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50";

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

  async function compare(summary: PageRevisionSummary) {
    setLoading(true);
    const result = await run(adminApi.getPageRevision(pageId, summary.id));
    setLoading(false);
    if (result.ok) setCompared({ revision: result.data, label: formatAdminDate(summary.updated_at), draft: current });
  }

  const diffHeading = compared ? workflowTexts.diffHeading(compared.label) : "";
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg border border-slate-200 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {workflowTexts.history}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{pageRevisionTexts.restoreLead}</p>
      {query.status === "ready" && query.data.length === 0 ? <p className="mt-3 text-sm text-slate-600">{workflowTexts.noRevisions}</p> : null}
      {query.status === "ready" && query.data.length > 0 ? (
        <ol className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto">
          {query.data.map((revision) => {
            const label = revisionLabel(revision);
            return (
              <li key={revision.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <span className="mr-auto min-w-0 text-slate-800">
                  {label}
                  {revision.published ? (
                    <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">{workflowTexts.publishedRevision}</span>
                  ) : null}
                  <span className="block break-words text-xs text-slate-600">{revision.title}</span>
                </span>
                <button type="button" disabled={loading || busy} className={buttonClass} aria-label={`${workflowTexts.compare}: ${label}`} onClick={() => void compare(revision)}>
                  {workflowTexts.compare}
                </button>
                <button
                  type="button"
                  disabled={loading || busy}
                  className={buttonClass}
                  aria-label={`${workflowTexts.restore}: ${label}`}
                  onClick={() => {
                    setCompared(undefined);
                    onRestore(revision.id, formatAdminDate(revision.updated_at));
                  }}
                >
                  {workflowTexts.restore}
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {query.status === "failed" ? <p className="mt-3 text-sm text-red-700">{pageEditorCopy.toasts.actionFailed}</p> : null}
      {compared ? (
        <div role="region" aria-label={diffHeading} className="mt-4 rounded-md bg-slate-50 p-4">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-4">
            <h3 className="text-sm font-semibold text-slate-900">{diffHeading}</h3>
            <button type="button" className={buttonClass} onClick={() => setCompared(undefined)}>
              {workflowTexts.closeDiff}
            </button>
          </div>
          <PageRevisionDiff diff={diffPageVersions(compared.revision.page, compared.draft)} blockLabel={(type) => PAGE_BLOCK_LIBRARY[type].label} />
        </div>
      ) : null}
    </section>
  );
}
