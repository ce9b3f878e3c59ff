import { useCallback, useEffect, useRef, useState } from "react";
import { WORKFLOW_LIMITS } from "../../../../domain/post-workflow";
import type { SitePage } from "../../../../domain/site-pages";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import type { AutosaveStatus } from "../workflow/use-autosave";
import type { PageDraft, PageDraftState } from "./use-page-draft";

const RETRY_MS = 5_000;

/**
 * Saves a stored page's draft a few seconds after the last change, as the post editor's autosave
 * does (same delay, same status words). A page's draft is never its live version, so an autosave
 * is a save of the draft (kept as an autosave revision) and the live page keeps serving. Nothing
 * is sent while the browser sees a problem; a new page waits for its first Save draft. `settle`
 * cancels a pending autosave and waits for one under way, so it never crosses Save draft,
 * Publish or a restore.
 */
export function usePageAutosave({
  pageId,
  state,
  onSaved,
}: {
  pageId: string | undefined;
  state: PageDraftState;
  onSaved: (page: SitePage) => void;
}) {
  const run = useAdminCall();
  const [status, setStatus] = useState<AutosaveStatus>({ kind: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef({ state, pageId, onSaved });
  latest.current = { state, pageId, onSaved };

  const saveOnce = useCallback(async (): Promise<void> => {
    const { state: current, pageId: id } = latest.current;
    if (!id || !current.dirty) return;
    if (current.hasProblems) {
      setStatus({ kind: "invalid" });
      return;
    }
    const sent: PageDraft = current.draft;
    setStatus({ kind: "saving" });
    const { title, path, seo, blocks } = sent;
    const result = await run(adminApi.autosavePage(id, { title, path, seo, blocks }));
    if (result.ok) {
      // Typing that went on meanwhile is still unsaved: only the draft that was sent is clean.
      latest.current.state.savedIfUnchanged(sent);
      latest.current.onSaved(result.data);
      setStatus({ kind: "saved", at: new Date() });
      return;
    }
    if (result.status === 0 || result.status >= 500) {
      setStatus({ kind: result.status === 0 ? "offline" : "failed" });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), RETRY_MS);
      return;
    }
    // Refused (a taken address, a bad field): Save draft names the field.
    if (result.status !== 401) setStatus({ kind: "invalid" });
    // flush is defined below and only reached through the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    const next = queue.current.then(saveOnce);
    queue.current = next.catch(() => undefined);
    return next;
  }, [saveOnce]);

  // Each change of the draft starts the delay again.
  useEffect(() => {
    if (!pageId || !state.dirty) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), WORKFLOW_LIMITS.autosaveDelayMs);
  }, [pageId, state.draft, state.dirty, flush]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(timer.current);
    };
  }, [flush]);

  /** Cancels a pending autosave and waits for one under way. */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    await queue.current;
  }, []);

  /** A save by hand (or a restore) said it all: the status line starts over. */
  const reset = useCallback(() => setStatus({ kind: "idle" }), []);

  return { status, settle, reset };
}
