import { useEffect, useState } from "react";
import { reviewTexts } from "../../../domain/post-review";
import { ROLE_LABELS } from "../../../domain/roles";
import { adminApi } from "../../lib/admin/client";
import { useAdminQuery } from "../../lib/admin/hooks";
import { SiteLink } from "../ui/site-link";
import { AdminTime, TitledSection } from "./admin-panels";

/** The section's id: the admin bar's "Waiting for review" link leads here. */
export const WAITING_FOR_REVIEW_ID = "waiting-for-review";

/**
 * The drafts waiting for review (docs/decisions/210), on the posts list of those who review them.
 * Shown when some wait, or when the admin bar's link asked for it.
 */
export function WaitingReviews() {
  const { query } = useAdminQuery("waiting-reviews", adminApi.listWaitingReviews);
  const [asked, setAsked] = useState(false);
  useEffect(() => setAsked(window.location.hash === `#${WAITING_FOR_REVIEW_ID}`), []);
  const items = query.status === "ready" ? query.data : [];
  useEffect(() => {
    if (asked && query.status === "ready") document.getElementById(WAITING_FOR_REVIEW_ID)?.scrollIntoView();
  }, [asked, query.status]);
  if (query.status !== "ready" || (items.length === 0 && !asked)) return null;
  return (
    <TitledSection id={WAITING_FOR_REVIEW_ID} title={reviewTexts.listHeading} className="mt-8 rounded-md border border-indigo-200 bg-indigo-50/50 p-4">
      {items.length === 0 ? (
        <p className="mt-2 text-slate-700">{reviewTexts.listEmpty}</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {items.map((item) => (
            <li key={item.id} className="text-sm">
              <SiteLink to={`/admin/blog/edit/${encodeURIComponent(item.post_id)}`} className="font-semibold text-indigo-700 underline-offset-4 hover:underline">
                {item.post_title}
              </SiteLink>
              <p className="text-slate-700">
                {reviewTexts.requestedBy(`${item.requested_by.name} (${ROLE_LABELS[item.requested_by.role]})`)}
                <AdminTime iso={item.requested_at} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
