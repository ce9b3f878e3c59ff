import { useEffect, useState } from "react";
import { adminApi } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import type { EditorValues } from "../post-form";
import { snapshotKey, toFormValuesLike } from "./form-values";
import { clearLocalCopy, readLocalCopy, type LocalCopy } from "./local-copy";

export type RecoveryOffer = { at: string; values: EditorValues; content: string };

const DISMISSED_PREFIX = "dialogic-editor-dismissed:";

/**
 * When the editor opens: the newest version of this post that was never saved to it, if any:
 * the latest autosave revision newer than the post's last save, or this browser's own copy
 * (written even while offline), whichever is newer and differs from what was loaded.
 */
export function useRecovery({
  postId,
  savedAt,
  initialValues,
  initialContent,
}: {
  postId: string | undefined;
  savedAt: string | undefined;
  initialValues: EditorValues;
  initialContent: string;
}) {
  const run = useAdminCall();
  const [offer, setOffer] = useState<RecoveryOffer>();

  useEffect(() => {
    let cancelled = false;
    const dismissedAt = readDismissed(postId);
    const notDismissed = (at: string) => !dismissedAt || at > dismissedAt;
    // The browser's clock is not the server's: a copy that names its base needs neither.
    const unsaved = (copy: LocalCopy) =>
      (copy.basedOn !== undefined ? copy.basedOn === (savedAt ?? "") : !savedAt || copy.savedAt > savedAt) &&
      notDismissed(copy.savedAt);
    void (async () => {
      const candidates: RecoveryOffer[] = [];
      const local = readLocalCopy(postId);
      if (local && unsaved(local)) {
        candidates.push({ at: local.savedAt, values: toFormValuesLike(initialValues, local.values), content: local.content });
      }
      if (postId) {
        const list = await run(adminApi.listRevisions(postId));
        const latest = list.ok ? list.data[0] : undefined;
        // The latest revision being an autosave means no save came after it.
        if (latest?.kind === "autosave" && (!savedAt || latest.updated_at >= savedAt) && notDismissed(latest.updated_at)) {
          const revision = await run(adminApi.getRevision(postId, latest.id));
          if (revision.ok) {
            const { post } = revision.data;
            candidates.push({ at: latest.updated_at, values: toFormValuesLike(initialValues, post), content: post.content });
          }
        }
      }
      const newest = candidates.sort((a, b) => b.at.localeCompare(a.at))[0];
      const loaded = snapshotKey(initialValues, initialContent);
      if (!cancelled && newest && snapshotKey(newest.values, newest.content) !== loaded) setOffer(newest);
    })();
    return () => {
      cancelled = true;
    };
    // Once, for the post as it was loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    offer,
    /** The offer was taken: it is in the editor now. */
    accept: () => setOffer(undefined),
    /** Not wanted: this browser's copy goes, and the same versions are not offered again. */
    dismiss: () => {
      if (offer) writeDismissed(postId, offer.at);
      clearLocalCopy(postId);
      setOffer(undefined);
    },
  };
}

function readDismissed(postId: string | undefined): string | undefined {
  try {
    return window.localStorage.getItem(`${DISMISSED_PREFIX}${postId ?? "new"}`) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeDismissed(postId: string | undefined, at: string): void {
  try {
    window.localStorage.setItem(`${DISMISSED_PREFIX}${postId ?? "new"}`, at);
  } catch {
    // Offered again next time; nothing is lost.
  }
}
