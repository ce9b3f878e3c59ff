import { useId, useState } from "react";
import { workflowTexts } from "../../../../domain/post-workflow";
import { formatAdminDate } from "../../../lib/dates";
import { adminApi, type AdminApiResult } from "../../../lib/admin/client";
import { pageEditorCopy } from "../../../content/admin-pages";
import { useAdminCall, useAdminQuery } from "../../../lib/admin/hooks";
import { TitledSection } from "../admin-panels";
import { FieldLabel } from "../admin-form";

const buttonClass =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50";

/** Where a post's or a page's links are made, listed and revoked. */
type LinkDoors = {
  list: () => Promise<AdminApiResult<{ id: string; created_at: string; expires_at: string }[]>>;
  create: () => Promise<AdminApiResult<{ path: string }>>;
  revoke: (linkId: string) => Promise<AdminApiResult<void>>;
};

const postDoors = (postId: string): LinkDoors => ({
  list: () => adminApi.listPreviewLinks(postId),
  create: () => adminApi.createPreviewLink(postId, "share"),
  revoke: (linkId) => adminApi.revokePreviewLink(postId, linkId),
});

const pageDoors = (pageId: string): LinkDoors => ({
  list: () => adminApi.listPagePreviewLinks(pageId),
  create: () => adminApi.createPagePreviewLink(pageId, "share"),
  revoke: (linkId) => adminApi.revokePagePreviewLink(pageId, linkId),
});

/**
 * Shareable preview links of a post or a page: made here (the address is shown once, as only its
 * hash is stored), listed while they work, revoked at once.
 */
export function PreviewLinksPanel({ postId, pageId }: { postId: string; pageId?: never } | { pageId: string; postId?: never }) {
  const run = useAdminCall();
  const headingId = useId();
  const linkFieldId = useId();
  const owner = postId ?? pageId;
  const doors = postId ? postDoors(postId) : pageDoors(pageId!);
  const { query, reload } = useAdminQuery(`preview-links:${owner}`, doors.list);
  const [created, setCreated] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    const result = await run(doors.create());
    setBusy(false);
    if (!result.ok) return;
    setCreated(new URL(result.data.path, window.location.origin).href);
    setCopied(false);
    reload();
  }

  async function revoke(linkId: string) {
    setBusy(true);
    await run(doors.revoke(linkId));
    setBusy(false);
    setCreated(undefined);
    reload();
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <TitledSection id={headingId} title={workflowTexts.shareHeading} lead={postId ? workflowTexts.shareLead : pageEditorCopy.shareLead} className="rounded-lg border border-slate-200 p-6" titleClassName="text-lg font-semibold text-slate-900" leadClassName="mt-1 text-sm text-slate-600">
      <button type="button" disabled={busy} className={`${buttonClass} mt-4`} onClick={() => void create()}>
        {workflowTexts.createShareLink}
      </button>
      {created ? (
        <div className="mt-4">
          <FieldLabel htmlFor={linkFieldId}>{workflowTexts.newShareLink}</FieldLabel>
          <div className="mt-1 flex gap-2">
            <input
              id={linkFieldId}
              readOnly
              value={created}
              onFocus={(event) => event.currentTarget.select()}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900"
            />
            <button type="button" className={buttonClass} onClick={() => void copy(created)}>
              {workflowTexts.copyLink}
            </button>
          </div>
          <p role="status" className="mt-1 text-sm text-slate-600">
            {copied ? workflowTexts.linkCopied : ""}
          </p>
        </div>
      ) : null}
      {query.status === "ready" ? (
        query.data.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{workflowTexts.noShareLinks}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100">
            {query.data.map((link) => {
              const label = `${formatAdminDate(link.created_at)}, ${workflowTexts.linkExpires(formatAdminDate(link.expires_at))}`;
              return (
                <li key={link.id} className="flex items-center justify-between gap-3 py-2 text-sm text-slate-800">
                  <span>{label}</span>
                  <button
                    type="button"
                    disabled={busy}
                    className={buttonClass}
                    aria-label={`${workflowTexts.revokeLink}: ${label}`}
                    onClick={() => void revoke(link.id)}
                  >
                    {workflowTexts.revokeLink}
                  </button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </TitledSection>
  );
}
