import { triageCopy } from "../../content/triage";

/** A step of the report's deadlines is late. Text and colour together (white on red-700 holds 4.5:1). */
export function OverdueBadge({ className = "ml-2" }: { className?: string }) {
  return <span className={`${className} inline-flex rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white`}>{triageCopy.overdue}</span>;
}

/** The reporter wrote since the team last answered. */
export function NewReplyBadge({ label = triageCopy.newReply, className = "ml-2" }: { label?: string; className?: string }) {
  return (
    <span className={`${className} inline-flex rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-900 ring-1 ring-indigo-300`}>
      {label}
    </span>
  );
}
