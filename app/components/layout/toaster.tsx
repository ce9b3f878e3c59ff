import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { loadToastLibrary, onToasterWanted, toasterMounted, toasterWanted } from "../../lib/browser/notify";

// The library's own stylesheet, loaded with it (it would otherwise inject an inline <style>,
// which the Content-Security-Policy refuses).
const SonnerToaster = lazy(() =>
  Promise.all([loadToastLibrary(), import("./toaster-styles")]).then(([{ Toaster }]) => ({ default: Toaster })),
);

function Mounted() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/**
 * The page's toasts: mounted when the first toast is asked for, so public pages load the library
 * only then; the admin area, whose screens call the library directly, has it from the start.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  const admin = useLocation().pathname.startsWith("/admin");
  if (!wanted && !admin) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-right"
        visibleToasts={1}
        duration={5000}
        closeButton
        // Below the 64 px top bar, so a toast never covers its buttons (menu, Sign in).
        offset={{ top: 80, right: 16 }}
        mobileOffset={{ top: 72, right: 8, left: 8 }}
        // Own colours rather than Sonner's rich colours, whose error text fails WCAG contrast.
        toastOptions={{
          classNames: {
            toast: "!border-slate-200 !text-slate-900",
            description: "!text-slate-700",
            error: "!border-l-4 !border-l-red-700",
            success: "!border-l-4 !border-l-emerald-700",
          },
        }}
      />
      <Mounted />
    </Suspense>
  );
}
