import { useId } from "react";
import { liveSaveTexts } from "../../../../domain/post-editor";

/**
 * The post's metadata beside the writing area on wide screens, and a section that opens and
 * closes on phones (decision 182). On wide screens it is always shown, whatever `open` says.
 */
export function SettingsPanel({ open, onToggle, children }: { open: boolean; onToggle: (open: boolean) => void; children: React.ReactNode }) {
  const contentId = useId();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4 lg:self-start">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        <span className="hidden lg:inline">{liveSaveTexts.settingsHeading}</span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => onToggle(!open)}
          className="flex w-full items-center justify-between rounded-md text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 lg:hidden"
        >
          {liveSaveTexts.settingsHeading}
          <span aria-hidden="true" className="text-slate-600">{open ? "▲" : "▼"}</span>
        </button>
      </h2>
      <div id={contentId} className={`mt-4 space-y-6 ${open ? "" : "hidden lg:block"}`}>
        {children}
      </div>
    </section>
  );
}
