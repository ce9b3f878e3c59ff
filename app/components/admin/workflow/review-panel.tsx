import { useId, useState } from "react";
import { toast } from "sonner";
import { returnReviewSchema, reviewTexts, type ReviewRequest } from "../../../../domain/post-review";
import { ROLE_LABELS } from "../../../../domain/roles";
import { fieldErrors } from "../../../../domain/validation";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { AdminButton, adminInputClass, FieldLabel } from "../admin-form";
import { FieldError } from "../../ui/form-messages";

/**
 * Where a post stands in review (docs/decisions/210), above the editor. The writer sees that it
 * waits, or the note it came back with; a reviewer sees who submitted it and may send it back
 * with a note (publishing it is the editor's own Publish).
 */
export function ReviewPanel({ review, reviewer, onChanged }: { review: ReviewRequest | null; reviewer: boolean; onChanged: () => void }) {
  if (!review) return null;
  if (reviewer) return review.status === "waiting" ? <SendBack review={review} onChanged={onChanged} /> : null;
  if (review.status === "waiting") return <Notice tone="info">{reviewTexts.waiting}</Notice>;
  if (review.status === "returned" && review.note) return <Notice tone="warning">{reviewTexts.returned(review.note)}</Notice>;
  return null;
}

function Notice({ tone, children }: { tone: "info" | "warning"; children: React.ReactNode }) {
  const look = tone === "warning" ? "border-amber-700 bg-amber-50 text-amber-950" : "border-indigo-700 bg-indigo-50 text-indigo-950";
  return (
    <div role="status" className={`mb-6 rounded-md border-l-4 px-4 py-3 text-sm ${look}`}>
      {children}
    </div>
  );
}

function SendBack({ review, onChanged }: { review: ReviewRequest; onChanged: () => void }) {
  const run = useAdminCall();
  const noteId = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const by = review.requested_by;

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const parsed = returnReviewSchema.safeParse({ note });
    if (!parsed.success) return setError(fieldErrors(parsed.error).note);
    setSending(true);
    const result = await run(adminApi.returnReview(review.id, parsed.data.note));
    setSending(false);
    if (!result.ok) return setError(result.error ?? reviewTexts.failed);
    toast.success(reviewTexts.sentBack);
    onChanged();
  }

  return (
    <section aria-label={reviewTexts.waiting} className="mb-6 rounded-md border-l-4 border-indigo-700 bg-indigo-50 px-4 py-3 text-sm text-indigo-950">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          {reviewTexts.submittedBy(by.name)} <span className="text-indigo-800">({ROLE_LABELS[by.role]})</span>
        </p>
        {open ? null : (
          <AdminButton variant="secondary" onClick={() => setOpen(true)}>
            {reviewTexts.sendBack}
          </AdminButton>
        )}
      </div>
      {open ? (
        <form onSubmit={(event) => void send(event)} noValidate className="mt-3 grid gap-2">
          <FieldLabel htmlFor={noteId}>{reviewTexts.noteLabel}</FieldLabel>
          <textarea
            id={noteId}
            rows={3}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${noteId}-error` : undefined}
            className={`${adminInputClass} ${error ? "border-red-600" : "border-slate-300"} bg-white`}
          />
          <FieldError id={`${noteId}-error`} error={error} />
          <div className="flex flex-wrap gap-3">
            <AdminButton variant="primary" type="submit" disabled={sending}>
              {reviewTexts.sendBack}
            </AdminButton>
            <AdminButton variant="secondary" onClick={() => setOpen(false)}>
              {reviewTexts.cancel}
            </AdminButton>
          </div>
        </form>
      ) : null}
    </section>
  );
}
