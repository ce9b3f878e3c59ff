import { useId } from "react";
import { adminTexts } from "../../../../domain/admin-messages";
import { liveSaveTexts } from "../../../../domain/post-editor";
import { reviewTexts } from "../../../../domain/post-review";
import { AdminButton } from "../admin-form";

const disabledLook = "disabled:cursor-not-allowed disabled:opacity-50";

/**
 * The editor's actions, in a bar that stays at the bottom of the window while writing
 * (decision 182). A draft or a new post: Save Draft and Publish, as specified. A published or
 * scheduled post: Update first (it keeps the post as it is), then Publish, and Save Draft as the
 * destructive choice, with the line that says it takes the post off the site.
 */
export function SaveBar({
  live,
  saving,
  status,
  warning,
  review,
}: {
  live: boolean;
  saving: boolean;
  status: React.ReactNode;
  warning?: string;
  /** A role that may not publish submits for review instead (decision 210). */
  review?: { waiting: boolean };
}) {
  const takesDownId = useId();
  return (
    <div
      role="region"
      aria-label={liveSaveTexts.actionsLabel}
      className="post-editor-actions sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] sm:-mx-6 sm:px-6"
    >
      {warning ? (
        <p role="alert" className="mb-2 rounded-md border-l-4 border-amber-700 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {warning}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
        {status}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <AdminButton
            variant="secondary"
            type="submit"
            value="draft"
            disabled={saving}
            aria-describedby={live ? takesDownId : undefined}
            className={`${disabledLook} ${live ? "!border-red-700 !text-red-800 hover:!bg-red-50" : ""}`}
          >
            {adminTexts.saveDraft}
          </AdminButton>
          {!review ? (
            <AdminButton variant={live ? "outline" : "primary"} type="submit" value="publish" disabled={saving} className={disabledLook}>
              {adminTexts.publish}
            </AdminButton>
          ) : review.waiting ? (
            <span className="text-sm font-semibold text-slate-700">{reviewTexts.waiting}</span>
          ) : (
            <AdminButton variant="primary" type="submit" value="review" disabled={saving} className={disabledLook}>
              {reviewTexts.submit}
            </AdminButton>
          )}
          {live ? (
            <AdminButton variant="primary" type="submit" value="update" disabled={saving} className={disabledLook}>
              {liveSaveTexts.update}
            </AdminButton>
          ) : null}
        </div>
      </div>
      {live ? (
        <p id={takesDownId} className="mt-1 text-right text-xs text-red-800">
          {liveSaveTexts.saveDraftTakesDown}
        </p>
      ) : null}
    </div>
  );
}
