import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { MediaLibraryPage } from "../../../../domain/media-library";
import { mediaMessages } from "../../../../domain/media";
import { formatUploadTime, mediaLibraryCopy as copy } from "../../../content/admin-media-library";
import { adminApi } from "../../../lib/admin/client";
import { useAdminQuery, type AdminQuery } from "../../../lib/admin/hooks";
import { AdminButton } from "../admin-form";
import { ImageUploadButton } from "../image-upload-button";

/**
 * The media library as a modal dialog (the browser's own: focus stays inside, Escape closes):
 * the uploaded images newest first, a page at a time, each a button that chooses it, and an
 * upload that chooses the new image at once. `onClose` gets the chosen
 * address, or undefined when closed without one; the opener puts the focus back.
 */
export function MediaLibraryDialog({ current, onClose }: { current: string; onClose: (url: string | undefined) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [page, setPage] = useState(1);
  const { query, reload } = useAdminQuery(`media-library-${page}`, () => adminApi.listMedia(page));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-lead`}
      onCancel={(event) => {
        event.preventDefault();
        onClose(undefined);
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {copy.heading}
        </h2>
        <AdminButton variant="secondary" onClick={() => onClose(undefined)}>
          {copy.close}
        </AdminButton>
      </div>
      <p id={`${id}-lead`} className="mt-1 text-sm text-slate-600">
        {copy.lead}
      </p>
      <div className="mt-3">
        <ImageUploadButton
          label={mediaMessages.upload}
          // An image she uploads here is the one she wants: it is chosen at once (issue 44). The
          // dialog closes first: after an upload React may unmount it only after the opener has
          // moved the focus, and the dialog's own close would then take the focus back.
          onUploaded={(url) => {
            ref.current?.close();
            onClose(url);
          }}
        />
      </div>
      <LibraryPage query={query} current={current} idPrefix={`${id}-image`} onChoose={onClose} onRetry={reload} />
      {query.status === "ready" && query.data.totalPages > 1 ? (
        <nav aria-label={copy.pageOf(query.data.page, query.data.totalPages)} className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <AdminButton variant="secondary" disabled={query.data.page <= 1} onClick={() => setPage(query.data.page - 1)}>
            {copy.newer}
          </AdminButton>
          <span className="text-sm text-slate-700">{copy.pageOf(query.data.page, query.data.totalPages)}</span>
          <AdminButton variant="secondary" disabled={query.data.page >= query.data.totalPages} onClick={() => setPage(query.data.page + 1)}>
            {copy.older}
          </AdminButton>
        </nav>
      ) : null}
    </dialog>,
    document.body,
  );
}

function LibraryPage({
  query,
  current,
  idPrefix,
  onChoose,
  onRetry,
}: {
  query: AdminQuery<MediaLibraryPage>;
  current: string;
  idPrefix: string;
  onChoose: (url: string) => void;
  onRetry: () => void;
}) {
  if (query.status === "loading") return <p className="mt-4 text-sm text-slate-600">{copy.loading}</p>;
  if (query.status === "failed") {
    return (
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm text-red-700">{query.error ?? copy.failed}</p>
        <AdminButton variant="secondary" onClick={onRetry}>
          {copy.retry}
        </AdminButton>
      </div>
    );
  }
  if (query.data.items.length === 0) return <p className="mt-4 text-sm text-slate-600">{copy.empty}</p>;
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
      {query.data.items.map((item, index) => {
        const inUse = item.url === current;
        return (
          <li key={item.url}>
            <ImageChoice
              id={`${idPrefix}-${index}`}
              url={item.url}
              thumbnail={item.thumbnail_url}
              name={copy.imageName(formatUploadTime(item.created_at), item.width, item.height)}
              inUse={inUse}
              onChoose={onChoose}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** One image of the library: a button named by its upload time and size, that chooses it. */
function ImageChoice({
  id,
  url,
  thumbnail,
  name,
  inUse,
  onChoose,
}: {
  id: string;
  url: string;
  thumbnail: string;
  name: string;
  inUse: boolean;
  onChoose: (url: string) => void;
}) {
  return (
    <button
      type="button"
      id={id}
      onClick={() => onChoose(url)}
      className={`flex w-full flex-col gap-1 rounded-md border p-1.5 text-left text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ${inUse ? "border-indigo-600 ring-1 ring-indigo-600" : "border-slate-200"}`}
    >
      {/* The text under it names the image; the picture adds nothing a screen reader can use. */}
      <img src={thumbnail} alt="" loading="lazy" decoding="async" className="aspect-square w-full rounded bg-slate-100 object-contain" />
      <span>
        {name}
        {inUse ? <span className="ml-1 font-semibold text-indigo-800">{copy.current}</span> : null}
      </span>
    </button>
  );
}
