/** A spinning ring with a text for screen readers (and, when asked, for everyone). */
export function Spinner({ label, showLabel = false }: { label: string; showLabel?: boolean }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <svg aria-hidden="true" className="h-6 w-6 animate-spin text-indigo-700" viewBox="0 0 24 24" fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" opacity="0.25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className={showLabel ? "" : "sr-only"}>{label}</span>
    </div>
  );
}
