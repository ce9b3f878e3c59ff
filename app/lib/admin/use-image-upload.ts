import { useCallback } from "react";
import { toast } from "sonner";
import { toastTitles } from "../../../domain/toast";
import { MEDIA_MAX_BYTES, mediaMessages } from "../../../domain/media";
import { adminApi } from "./client";
import { useAdminCall } from "./hooks";

/**
 * Uploads one image for the editor, the featured image or the avatar: its address on success;
 * undefined after telling the person why not. The server decides the type from the bytes; the
 * size is checked here too only to spare a doomed upload.
 */
export function useImageUpload(): (file: Blob) => Promise<string | undefined> {
  const run = useAdminCall();
  return useCallback(
    async (file: Blob) => {
      if (file.size > MEDIA_MAX_BYTES) {
        toast.error(toastTitles.error, { description: mediaMessages.tooLarge });
        return undefined;
      }
      const result = await run(adminApi.uploadImage(file));
      if (result.ok) return result.data.url;
      if (result.status !== 401) {
        toast.error(toastTitles.error, { description: result.error ?? mediaMessages.failed });
      }
      return undefined;
    },
    [run],
  );
}
