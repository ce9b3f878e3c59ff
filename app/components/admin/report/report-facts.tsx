import { PAUSED_STATUS } from "../../../../domain/report-status";
import { statusSetBy } from "../../../../domain/disclosure-case";
import type { DeadlineStep } from "../../../../domain/disclosure-deadlines";
import { triageCopy } from "../../../content/triage";
import type { TriagedReport } from "../../../lib/admin/client";
import { formatDueDay } from "../../../lib/admin/triage-view";
import { OverdueBadge } from "../triage-badges";
import { TitledSection } from "../admin-panels";

/** How the reporter chose to be thanked on the acknowledgments page. */
export function Credit({ report }: { report: TriagedReport }) {
  const copy = triageCopy.credit;
  return (
    <TitledSection id="credit" title={copy.title} className="mt-8">
      <p className="mt-2 text-slate-800">
        {report.credit === "named" ? (
          <>
            {copy.named} <strong className="break-words">{report.credit_name}</strong>
            {report.credit_url ? (
              <>
                {" "}
                (
                <a href={report.credit_url} rel="noopener noreferrer nofollow" target="_blank" className="break-all text-indigo-700 underline">
                  {report.credit_url}
                </a>
                )
              </>
            ) : null}
          </>
        ) : report.credit === "anonymous" ? (
          copy.anonymous
        ) : (
          copy.notChosen
        )}
      </p>
    </TitledSection>
  );
}

const STEP_DONE: Record<DeadlineStep, "acknowledged_at" | "assessed_at" | "resolved_at"> = {
  acknowledge: "acknowledged_at",
  assess: "assessed_at",
  resolve: "resolved_at",
};
const STEP_DUE: Record<DeadlineStep, "acknowledge_by" | "assess_by" | "resolve_by"> = {
  acknowledge: "acknowledge_by",
  assess: "assess_by",
  resolve: "resolve_by",
};

/** Each step's due day, and whether it was done (when) or is late. */
export function Deadlines({ report }: { report: TriagedReport }) {
  const copy = triageCopy.deadlines;
  // The clocks stand still while the team waits for the reporter: since the question was asked.
  const pausedSince =
    report.status === PAUSED_STATUS
      ? report.events.filter((event) => statusSetBy(event) === PAUSED_STATUS).at(-1)?.at
      : undefined;
  return (
    <TitledSection id="deadlines" title={copy.title} className="mt-8">
      <dl className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {(["acknowledge", "assess", "resolve"] as const).map((step) => {
          const done = report[STEP_DONE[step]];
          return (
            <div key={step} className="grid gap-1 px-5 py-3 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-slate-600">{copy.steps[step]}</dt>
              <dd className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-900 sm:col-span-2">
                <span>{formatDueDay(report.due[STEP_DUE[step]])}</span>
                {done ? (
                  <span className="text-sm text-green-800">
                    <span aria-hidden="true">✓ </span>
                    {copy.done(formatDueDay(done.slice(0, 10)))}
                  </span>
                ) : (
                  <span className="text-sm text-slate-600">{pausedSince ? copy.paused(formatDueDay(pausedSince.slice(0, 10))) : copy.open}</span>
                )}
                {report.overdue.includes(step) ? <OverdueBadge className="" /> : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </TitledSection>
  );
}

export function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 whitespace-pre-wrap break-words sm:col-span-2">{value || triageCopy.none}</dd>
    </div>
  );
}
