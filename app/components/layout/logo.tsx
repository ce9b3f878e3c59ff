/** The wordmark: a speech-bubble mark and the product name. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <path
          d="M9 10h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-7l-5 4v-4H9a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z"
          fill="#fff"
        />
        <circle cx="12.5" cy="15.5" r="1.5" fill="#4338ca" />
        <circle cx="16" cy="15.5" r="1.5" fill="#4338ca" />
        <circle cx="19.5" cy="15.5" r="1.5" fill="#4338ca" />
      </svg>
      {name}
    </span>
  );
}
