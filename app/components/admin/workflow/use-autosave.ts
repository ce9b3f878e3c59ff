import { useCallback, useEffect, useRef, useState } from "react";
import type { BlogPost } from "../../../../domain/blog-post";
import { WORKFLOW_LIMITS, autosaveInputSchema } from "../../../../domain/post-workflow";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import type { EditorValues } from "../post-form";

export type AutosaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "offline" }
  | { kind: "invalid" }
  | { kind: "failed" };

const RETRY_MS = 5_000;

/**
 * Saves the editor's state in the background a few seconds after the last change: an existing
 * post as an autosave revision (the post and what is published stay as they are), a new post as a
 * draft once it has a title. Every write goes through one queue, so an autosave never overlaps a
 * Save Draft or Publish; `pause` stops it for good once the person saves.
 */
export function useAutosave({
  postId: initialPostId,
  read,
  onDraftCreated,
  onSaved,
}: {
  postId: string | undefined;
  read: () => { values: EditorValues; content: string } | undefined;
  onDraftCreated: (post: BlogPost) => void;
  onSaved: () => void;
}) {
  const run = useAdminCall();
  const [postId, setPostId] = useState(initialPostId);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: "idle" });
  const idRef = useRef(initialPostId);
  const lastSent = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const paused = useRef(false);
  const callbacks = useRef({ read, onDraftCreated, onSaved });
  callbacks.current = { read, onDraftCreated, onSaved };

  const saveOnce = useCallback(
    async (force: boolean): Promise<boolean> => {
      const state = callbacks.current.read();
      if (paused.current || !state) return false;
      const parsed = autosaveInputSchema.safeParse({ ...state.values, content: state.content });
      if (!parsed.success) {
        // A new post waits for its title quietly; anything else is said.
        if (idRef.current || state.values.title.trim() !== "") setStatus({ kind: "invalid" });
        return false;
      }
      const body = JSON.stringify(parsed.data);
      if (!force && body === lastSent.current) return true;
      setStatus({ kind: "saving" });
      const id = idRef.current;
      const result = id
        ? await run(adminApi.autosavePost(id, parsed.data))
        : await run(adminApi.createPost({ ...parsed.data, published: false }));
      if (result.ok) {
        lastSent.current = body;
        if (!id) {
          const created = result.data as BlogPost;
          idRef.current = created.id;
          setPostId(created.id);
          callbacks.current.onDraftCreated(created);
        }
        setStatus({ kind: "saved", at: new Date() });
        callbacks.current.onSaved();
        return true;
      }
      if (result.status === 0 || result.status >= 500) {
        // Offline or the server failing: said, and tried again until it works.
        setStatus({ kind: result.status === 0 ? "offline" : "failed" });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void flush(false), RETRY_MS);
        return false;
      }
      // Refused (a taken slug, an invalid field): Save Draft or Publish names the field.
      if (result.status !== 401) setStatus({ kind: "invalid" });
      return false;
    },
    // flush is defined below and only reached through the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [run],
  );

  /** Saves now (after any write under way); `force` writes even an unchanged state. */
  const flush = useCallback(
    (force = false): Promise<boolean> => {
      clearTimeout(timer.current);
      const next = queue.current.then(() => saveOnce(force));
      queue.current = next.catch(() => false);
      return next;
    },
    [saveOnce],
  );

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(false), WORKFLOW_LIMITS.autosaveDelayMs);
  }, [flush]);

  /** Stops autosaving and waits for a write under way: Save Draft and Publish go next. */
  const pause = useCallback(async () => {
    paused.current = true;
    clearTimeout(timer.current);
    await queue.current;
  }, []);
  const resume = useCallback(() => {
    paused.current = false;
  }, []);

  useEffect(() => {
    const online = () => void flush(false);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(timer.current);
    };
  }, [flush]);

  /** The id of the post being edited: the new draft's once an autosave created it. */
  const currentId = useCallback(() => idRef.current, []);
  return { postId, status, schedule, flush, pause, resume, currentId };
}
