import { useCallback, useRef, useState } from "react";
import type { BlogPost } from "../../../../domain/blog-post";
import { postStatus } from "../../../../domain/post-publishing";
import { workflowTexts } from "../../../../domain/post-workflow";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { AdminButton } from "../admin-form";
import { PostForm, type EditorValues, type PostDraft, type PostFormHandle, type PostSave, type SaveOutcome } from "../post-form";
import { EMPTY_WORKFLOW, workflowFormValues } from "../post-workflow-fields";
import { AutosaveStatusText } from "./autosave-status";
import { clearLocalCopy, writeLocalCopy } from "./local-copy";
import { PreviewLinksPanel } from "./preview-links-panel";
import { RecoveryNotice } from "./recovery-notice";
import { RevisionHistory } from "./revision-history";
import { useAutosave } from "./use-autosave";
import { useLeaveGuard } from "./use-leave-guard";
import { useRecovery } from "./use-recovery";

const LOCAL_COPY_DELAY_MS = 500;

type WorkflowEditorProps = {
  id?: string;
  savedAt?: string;
  initial: PostDraft;
  onSave: (save: PostSave, draftId: string | undefined) => Promise<SaveOutcome>;
  /** More panels for the settings column (they show beside the writing area on wide screens). */
  settingsExtra?: React.ReactNode;
  /** For a role that may not publish: Submit for review instead of Publish (decision 210). */
  review?: { waiting: boolean };
};

/**
 * The post form with the editorial workflow around it (docs/decisions/120-post-revisions-and-autosave.md):
 * autosave with a polite status, a question before leaving unsaved changes, recovery of a newer
 * unsaved version, the revision history, Preview and shareable preview links. Save Draft and
 * Publish keep the specification's meaning; `onSave` gets the id of a draft an autosave created.
 */
export function WorkflowEditor({ id, savedAt, initial, onSave, settingsExtra, review }: WorkflowEditorProps) {
  const run = useAdminCall();
  const formRef = useRef<PostFormHandle>(null);
  const localTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const read = useCallback(() => formRef.current?.read(), []);
  /** The post's save this screen's edits start from: what the local copy names as its base. */
  const basedOn = useRef(savedAt ?? "");
  const guard = useLeaveGuard(dirty);
  const recovery = useRecovery({
    postId: id,
    savedAt,
    // Scheduling and SEO fields count like the rest: a change to them alone is worth offering back.
    initialValues: { ...initial.values, ...workflowFormValues(initial.workflow ?? { ...EMPTY_WORKFLOW, published: false }) },
    initialContent: initial.content,
  });
  const autosave = useAutosave({
    postId: id,
    read,
    onDraftCreated: (post: BlogPost) => {
      // The new draft's own address, so a reload opens it; the screen itself stays as it is.
      clearLocalCopy(undefined);
      basedOn.current = post.updated_at;
      window.history.replaceState(window.history.state, "", `/admin/blog/edit/${encodeURIComponent(post.id)}`);
    },
    onSaved: () => setHistoryVersion((each) => each + 1),
  });

  function changed() {
    setDirty(true);
    setNotice(undefined);
    clearTimeout(localTimer.current);
    localTimer.current = setTimeout(() => {
      const state = read();
      if (state) writeLocalCopy(autosave.currentId(), { ...state, basedOn: basedOn.current });
    }, LOCAL_COPY_DELAY_MS);
    autosave.schedule();
  }

  async function save(input: PostSave): Promise<SaveOutcome> {
    await autosave.pause();
    clearTimeout(localTimer.current);
    const target = autosave.currentId();
    guard.allowLeaving(true);
    const outcome = await onSave(input, target);
    if (outcome.ok) {
      clearLocalCopy(target);
      clearLocalCopy(undefined);
      setDirty(false);
    } else {
      guard.allowLeaving(false);
      autosave.resume();
    }
    return outcome;
  }

  function load(values: EditorValues, content: string) {
    formRef.current?.load(values, content);
    setDirty(true);
  }

  return (
    <>
      {recovery.offer ? (
        <RecoveryNotice
          at={recovery.offer.at}
          onRestore={() => {
            const offer = recovery.offer!;
            load(offer.values, offer.content);
            recovery.accept();
            autosave.schedule();
          }}
          onDiscard={recovery.dismiss}
        />
      ) : null}
      <PostForm
        mode={id ? "edit" : "create"}
        initial={initial}
        onSave={save}
        onChange={changed}
        handleRef={formRef}
        settingsExtra={settingsExtra}
        review={review}
        actions={
          <>
            <AutosaveStatusText status={autosave.status} live={postStatus(initial.workflow ?? { published: false }) === "published"} />
            <AdminButton variant="secondary" onClick={() => void openPreview(autosave, run, setNotice)}>
              {workflowTexts.preview}
            </AdminButton>
          </>
        }
      />
      <p role="status" aria-live="polite" className="mt-4 text-sm text-slate-700">{notice}</p>
      {autosave.postId ? (
        <div className="mt-10 grid gap-6">
          <RevisionHistory
            postId={autosave.postId}
            version={historyVersion}
            read={read}
            onRestore={(values, content, label) => {
              load(values, content);
              setNotice(workflowTexts.restored(label));
            }}
          />
          <PreviewLinksPanel postId={autosave.postId} />
        </div>
      ) : null}
    </>
  );
}

/** The preview in a new tab, opened at once while the click still counts as the person's: browsers block later popups. */
async function openPreview(...args: Parameters<typeof previewPath>) {
  const tab = window.open("", "_blank");
  const path = await previewPath(...args);
  if (!path) tab?.close();
  else if (tab) tab.location.href = path;
  else window.location.assign(path);
}

/** Saves the post (a draft is made for a new one), then asks for an editor's preview link; its path, or nothing. */
async function previewPath(
  autosave: Pick<ReturnType<typeof useAutosave>, "flush" | "currentId">,
  run: ReturnType<typeof useAdminCall>,
  setNotice: (notice: string) => void,
): Promise<string | undefined> {
  const saved = await autosave.flush(true);
  const postId = autosave.currentId();
  if (!saved || !postId) {
    if (!postId) setNotice(workflowTexts.previewNeedsTitle);
    return undefined;
  }
  const link = await run(adminApi.createPreviewLink(postId, "editor"));
  return link.ok ? link.data.path : undefined;
}
