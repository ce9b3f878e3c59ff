import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

/**
 * Toasts without the toast library in the first view (docs/decisions/074): the library and its
 * toaster load when the first toast is asked for (app/components/layout/toaster.tsx), and that
 * toast is shown as soon as the toaster listens.
 */
type Sonner = typeof SonnerModule;

let library: Promise<Sonner> | undefined;
let wanted = false;
const wantListeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function loadToastLibrary(): Promise<Sonner> {
  library ??= import("sonner");
  return library;
}

/** Whether a toast has been asked for (the toaster mounts from then on). */
export function toasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: () => void): () => void {
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

/** Called by the toaster once it listens. */
export function toasterMounted(): void {
  markMounted();
}

type Kind = "success" | "error";

async function show(kind: Kind, title: string, options?: ExternalToast): Promise<string | number> {
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
  const [{ toast }] = await Promise.all([loadToastLibrary(), mounted]);
  return toast[kind](title, options);
}

const shownBy = new Map<string, Promise<string | number>>();

/**
 * Shows a toast for `source` (a form) after dismissing the one it showed last, so a stale
 * message never stands beside the new one. Dismiss-and-show rather than reusing the id: an
 * updated Sonner toast keeps its old timer, and the new message must get its full 5000 ms.
 */
export function replaceToast(source: string, kind: Kind, title: string, description: string): void {
  const previous = shownBy.get(source);
  shownBy.set(
    source,
    (async () => {
      const id = await previous;
      if (id !== undefined) (await loadToastLibrary()).toast.dismiss(id);
      return show(kind, title, { description });
    })(),
  );
}

export const notify = {
  success: (title: string, options?: ExternalToast) => void show("success", title, options),
  error: (title: string, options?: ExternalToast) => void show("error", title, options),
};
