import { useState } from "react";
import type { PageSummary } from "../../../../domain/site-pages";
import { pageEditorCopy as copy } from "../../../content/admin-pages";
import { formatAdminDate } from "../../../lib/dates";
import { FieldError } from "../../ui/form-messages";
import { AdminButton, adminInputClass, FieldLabel } from "../admin-form";
import { AutosaveStatusText } from "../workflow/autosave-status";
import type { AutosaveStatus } from "../workflow/use-autosave";
import { DeleteRedirectField, type DeleteRedirect } from "./delete-redirect-field";

type Actions = {
  onSave: () => void;
  onPublish: () => void;
  onPreview: () => void;
  onUnpublish: () => void;
  /** `redirectTo`: the page the deleted one's address is sent to. */
  onDelete: (redirectTo?: DeleteRedirect) => void;
};

/** What the page's status means for who sees it, in one line. */
function statusLine(page: Pick<PageSummary, "status" | "publish_at">): string {
  if (page.status === "scheduled" && page.publish_at) return copy.statusLine.scheduled(formatAdminDate(page.publish_at));
  return page.status === "scheduled" ? copy.statusLine.draft : copy.statusLine[page.status];
}

/**
 * The editor's actions, in a bar at the bottom of the window: Save draft (which never changes the
 * live page: a line says so on a live page), Publish now or at a time, Preview, and for pages
 * that are not the specification's own, Unpublish and Delete (each asks first).
 */
export function PageActions({
  page,
  busy,
  publishAt,
  publishAtError,
  onPublishAtChange,
  actions,
  autosaveStatus = { kind: "idle" },
}: {
  /** The stored page; none while creating one. */
  page?: Pick<PageSummary, "id" | "path" | "status" | "publish_at" | "has_draft" | "system">;
  busy: boolean;
  publishAt: string;
  publishAtError?: string;
  onPublishAtChange: (value: string) => void;
  actions: Actions;
  autosaveStatus?: AutosaveStatus;
}) {
  const live = page !== undefined && page.status !== "draft";
  const [redirectTo, setRedirectTo] = useState<DeleteRedirect>();
  return (
    <div
      role="region"
      aria-label={copy.actionsLabel}
      className="sticky bottom-0 z-20 -mx-4 mt-8 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] sm:-mx-6 sm:px-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="text-sm text-slate-700">
          {page ? <p>{statusLine(page)}</p> : null}
          {page?.has_draft ? <p>{copy.draftWaiting}</p> : null}
          {live ? (
            <p id="live-unchanged" className="font-medium text-slate-900">
              {copy.liveUnchanged}
            </p>
          ) : null}
          <AutosaveStatusText status={autosaveStatus} live={live} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <AdminButton variant="secondary" disabled={busy} aria-describedby={live ? "live-unchanged" : undefined} onClick={actions.onSave}>
            {copy.saveDraft}
          </AdminButton>
          <AdminButton variant="secondary" disabled={busy} onClick={actions.onPreview}>
            {copy.preview}
          </AdminButton>
          <div>
            <FieldLabel htmlFor="page-publish-at">{copy.publishAtLabel}</FieldLabel>
            <input
              id="page-publish-at"
              type="datetime-local"
              value={publishAt}
              aria-invalid={publishAtError ? true : undefined}
              aria-describedby={publishAtError ? "page-publish-at-error" : undefined}
              onChange={(event) => onPublishAtChange(event.target.value)}
              className={`${adminInputClass} ${publishAtError ? "border-red-600" : "border-slate-300"} max-w-60`}
            />
            <FieldError id="page-publish-at-error" error={publishAtError} />
          </div>
          <AdminButton variant="primary" disabled={busy} onClick={actions.onPublish}>
            {copy.publish}
          </AdminButton>
          {page && !page.system ? (
            <>
              {page.status !== "draft" ? (
                <AdminButton variant="secondary" disabled={busy} onClick={actions.onUnpublish}>
                  {copy.unpublish}
                </AdminButton>
              ) : null}
              <DeleteRedirectField pageId={page.id} path={page.path} value={redirectTo?.id ?? ""} onChange={setRedirectTo} />
              <AdminButton variant="secondary" disabled={busy} onClick={() => actions.onDelete(redirectTo)} className="!border-red-300 !text-red-700 hover:!bg-red-50">
                {copy.delete}
              </AdminButton>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
