import { notify } from "../../lib/browser/notify";
import { useHydrated } from "../../lib/browser/use-hydrated";
import { blogMessages } from "../../../domain/blog";
import { articleCopy } from "../../content/blog";

/**
 * Shares the article with the device's share feature when it exists and accepts the data;
 * otherwise copies the page address (specification, sections 4 and 8), or the address of `path`
 * when given.
 */
export function ShareButton({ title, path }: { title: string; path?: string }) {
  const hydrated = useHydrated();
  async function share() {
    const url = path ? new URL(path, window.location.origin).href : window.location.href;
    const data = { title, text: blogMessages.shareText(title), url };
    if (typeof navigator.share === "function" && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        notify.success(blogMessages.shareSuccess.title, { description: blogMessages.shareSuccess.description });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to report.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(blogMessages.shareCopied.title, { description: blogMessages.shareCopied.description });
    } catch {
      notify.error(blogMessages.shareFailed.title, { description: blogMessages.shareFailed.description });
    }
  }

  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => void share()}
      className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:border-indigo-400 hover:text-indigo-700"
    >
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {articleCopy.share}
    </button>
  );
}
