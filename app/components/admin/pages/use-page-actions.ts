import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { SitePage } from "../../../../domain/site-pages";
import { pageEditorCopy as copy } from "../../../content/admin-pages";
import { adminApi, type AdminApiResult } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { fromLocalInput } from "../../../lib/admin/local-time";
import { formatAdminDate } from "../../../lib/dates";
import { useLeaveGuard } from "../workflow/use-leave-guard";
import { pageRevisionTexts } from "../../../../domain/page-revisions";
import type { DeleteRedirect } from "./delete-redirect-field";
import { usePageAutosave } from "./use-page-autosave";
import { pageDraftOf, type PageDraftState } from "./use-page-draft";

const editPath = (id: string) => `/admin/pages/edit/${encodeURIComponent(id)}`;

/** Toasts a failed call (a 401 is the login's); true when it failed. */
function refused<T>(result: AdminApiResult<T>): result is Extract<AdminApiResult<T>, { ok: false }> {
  if (result.ok) return false;
  if (result.status !== 401) toast.error(result.status === 0 ? copy.toasts.networkError : (result.error ?? copy.toasts.actionFailed));
  return true;
}

/** A save the browser refuses: every problem shown, the first field that has one focused. */
function revealProblems(state: PageDraftState): void {
  state.revealAll();
  toast.error(copy.toasts.invalid);
  // The problems render on the next frame.
  requestAnimationFrame(() => document.querySelector<HTMLElement>("#page-editor [aria-invalid='true']")?.focus());
}

/** Sends the tab opened for the preview to a new preview link of the stored page, or closes it. */
function showPreview(tab: Window | null, link: AdminApiResult<{ path: string }> | undefined): void {
  if (link?.ok && tab) {
    tab.location.href = link.data.path;
    return;
  }
  tab?.close();
  if (link && !link.ok && link.status !== 401) toast.error(copy.toasts.previewFailed);
}

/**
 * The editor's actions on the stored page. Every action that needs the page stored (Publish,
 * Preview) saves the draft first; a new page is created by its first save, and the editor moves
 * to its address.
 */
export function usePageActions(stored: SitePage | undefined, state: PageDraftState) {
  const navigate = useNavigate();
  const run = useAdminCall();
  const guard = useLeaveGuard(state.dirty);
  const [page, setPage] = useState(stored);
  const [busy, setBusy] = useState(false);
  const [publishAt, setPublishAt] = useState("");
  const [publishAtError, setPublishAtError] = useState<string>();
  // Counts the writes that may have added a revision, for the history to read again.
  const [version, setVersion] = useState(0);
  const wrote = (saved: SitePage) => {
    setPage(saved);
    setVersion((count) => count + 1);
  };
  const autosave = usePageAutosave({ pageId: page?.id, state, onSaved: wrote });

  /** Saves the draft when it changed (or creates the page); the page's id, or nothing when refused. */
  async function save(): Promise<string | undefined> {
    if (state.hasProblems) {
      revealProblems(state);
      return undefined;
    }
    if (page && !state.dirty) return page.id;
    const { title, path, seo, blocks } = state.draft;
    const result = await run(page ? adminApi.updatePage(page.id, { title, path, seo, blocks }) : adminApi.createPage({ title, path, seo, blocks }));
    if (!refused(result)) {
      state.saved();
      autosave.reset();
      wrote(result.data);
      return result.data.id;
    }
    // A 400 names block and field; a 409 the address another page has.
    if (result.fields) state.showServerProblems(result.fields);
    return undefined;
  }

  /** Runs an action with the buttons disabled; a new page's editor then moves to the page's own address. */
  async function busyWith(action: () => Promise<string | undefined>) {
    setBusy(true);
    await autosave.settle();
    const id = await action();
    setBusy(false);
    if (id && !stored) {
      guard.allowLeaving(true);
      void navigate(editPath(id), { replace: true });
    }
  }

  const actions = {
    onSave: () =>
      void busyWith(async () => {
        const live = page !== undefined && page.status !== "draft";
        const id = await save();
        if (id) toast.success(stored ? (live ? copy.toasts.savedLive : copy.toasts.saved) : copy.toasts.created);
        return id;
      }),
    onPublish: () =>
      void busyWith(async () => {
        const at = publishAt ? fromLocalInput(publishAt) : undefined;
        setPublishAtError(at === "invalid" ? copy.invalidDate : undefined);
        if (at === "invalid") return undefined;
        const id = await save();
        if (!id) return undefined;
        const result = await run(adminApi.publishPage(id, at));
        if (refused(result)) {
          setPublishAtError(result.fields?.at);
          return id;
        }
        wrote(result.data);
        setPublishAt("");
        toast.success(at ? copy.toasts.scheduled(formatAdminDate(at)) : copy.toasts.published);
        return id;
      }),
    onPreview: () => {
      // Opened at once, while the click still counts as the person's: browsers block later popups.
      const tab = window.open("", "_blank");
      void busyWith(async () => {
        const id = await save();
        showPreview(tab, id ? await run(adminApi.createPagePreviewLink(id, "editor")) : undefined);
        return id;
      });
    },
    /** Makes a revision the draft on the server and puts it in the editor; the live page is unchanged. */
    onRestore: (revisionId: string, when: string) =>
      void busyWith(async () => {
        if (!page) return undefined;
        const result = await run(adminApi.restorePageRevision(page.id, revisionId));
        if (refused(result)) return undefined;
        autosave.reset();
        wrote(result.data);
        const message = pageRevisionTexts.restored(when);
        state.replace(pageDraftOf(result.data), message);
        toast.success(message);
        return page.id;
      }),
    onUnpublish: () =>
      void busyWith(async () => {
        if (!page || !window.confirm(copy.confirmUnpublish(page.title))) return undefined;
        const result = await run(adminApi.unpublishPage(page.id));
        if (refused(result)) return undefined;
        setPage(result.data);
        toast.success(copy.toasts.unpublished);
        return page.id;
      }),
    onDelete: (redirectTo?: DeleteRedirect) =>
      void busyWith(async () => {
        if (!page) return undefined;
        const question = redirectTo ? copy.confirmDeleteRedirect(page.title, page.path, redirectTo.path) : copy.confirmDelete(page.title);
        if (!window.confirm(question)) return undefined;
        const result = await run(adminApi.deletePage(page.id, redirectTo?.id));
        if (refused(result)) return undefined;
        toast.success(copy.toasts.deleted);
        guard.allowLeaving(true);
        void navigate("/admin/pages");
        return undefined;
      }),
  };

  return { page, busy, publishAt, setPublishAt, publishAtError, actions, autosaveStatus: autosave.status, version };
}
