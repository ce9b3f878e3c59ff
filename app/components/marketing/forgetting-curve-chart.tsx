import { forgettingCurveLabel } from "../../../domain/site-copy/shared";

/**
 * Recall over 30 days: one training session versus conversation practice spaced over time.
 * The curves are SVG; the axis labels and the legend are HTML at 12 px and more, so they stay
 * readable however narrow the chart is drawn (an SVG's text shrinks with the drawing).
 */

const indigo700 = "#4338ca";
const slate200 = "#e2e8f0";
const slate400 = "#94a3b8";

const WIDTH = 480;
const HEIGHT = 220;
// Label positions as fixed classes rather than inline styles (the CSP may refuse style attributes).
const PERCENTS = [
  { percent: 0, top: "top-full" },
  { percent: 25, top: "top-3/4" },
  { percent: 50, top: "top-1/2" },
  { percent: 75, top: "top-1/4" },
  { percent: 100, top: "top-0" },
] as const;
const DAYS = [
  { day: 0, left: "left-0" },
  { day: 7, left: "left-[23.333%]" },
  { day: 14, left: "left-[46.667%]" },
  { day: 21, left: "left-[70%]" },
  { day: 30, left: "left-full" },
] as const;

const x = (day: number) => (day / 30) * WIDTH;
const y = (percent: number) => HEIGHT - (percent / 100) * HEIGHT;

function curve(sessions: readonly { from: number; strength: number }[]) {
  const points: string[] = [];
  for (let step = 0; step <= 300; step += 1) {
    const day = step / 10;
    const session = [...sessions].reverse().find((candidate) => candidate.from <= day) ?? sessions[0]!;
    const recall = 10 + 88 * Math.exp(-(day - session.from) / session.strength);
    points.push(`${x(day).toFixed(1)},${y(recall).toFixed(1)}`);
  }
  return points.join(" ");
}

// Pure: bundles that only pass through this module (the lazy illustration) drop them.
const onceOnly = /* @__PURE__ */ curve([{ from: 0, strength: 5 }]);
const spaced = /* @__PURE__ */ curve([
  { from: 0, strength: 5 },
  { from: 2, strength: 9 },
  { from: 6, strength: 18 },
  { from: 13, strength: 40 },
  { from: 22, strength: 90 },
]);

export function ForgettingCurveChart({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="img" aria-label={label} className={`text-xs text-slate-600 ${className}`}>
      <div className="relative mt-2 mr-6 mb-7 ml-11">
        <svg
          aria-hidden="true"
          focusable="false"
          width={WIDTH}
          height={HEIGHT}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="block h-auto w-full overflow-visible"
        >
          {PERCENTS.map(({ percent }) => (
            <line key={percent} x1={0} x2={WIDTH} y1={y(percent)} y2={y(percent)} stroke={slate200} strokeWidth="1" />
          ))}
          <polyline points={onceOnly} fill="none" stroke={slate400} strokeWidth="3" strokeDasharray="7 6" strokeLinejoin="round" />
          <polyline points={spaced} fill="none" stroke={indigo700} strokeWidth="3.5" strokeLinejoin="round" />
          <circle cx={x(30)} cy={y(10.6)} r="5" fill={slate400} />
          <circle cx={x(30)} cy={y(10 + 88 * Math.exp(-8 / 90))} r="5" fill={indigo700} />
        </svg>
        {PERCENTS.map(({ percent, top }) => (
          <span key={percent} className={`absolute right-full ${top} -translate-y-1/2 pr-2 leading-none whitespace-nowrap`}>
            {percent}%
          </span>
        ))}
        {DAYS.map(({ day, left }) => (
          <span key={day} className={`absolute top-full ${left} -translate-x-1/2 pt-2 leading-none whitespace-nowrap`}>
            {`Day ${day}`}
          </span>
        ))}
      </div>
      <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-semibold">
        <li className="flex items-center gap-2 text-slate-600">
          <svg aria-hidden="true" focusable="false" width="24" height="6" viewBox="0 0 24 6">
            <line x1="0" x2="24" y1="3" y2="3" stroke={slate400} strokeWidth="3" strokeDasharray="7 6" />
          </svg>
          <span>One training session</span>
        </li>
        <li className="flex items-center gap-2 text-indigo-700">
          <svg aria-hidden="true" focusable="false" width="24" height="6" viewBox="0 0 24 6">
            <line x1="0" x2="24" y1="3" y2="3" stroke={indigo700} strokeWidth="3.5" />
          </svg>
          <span>Spaced conversation practice</span>
        </li>
      </ul>
    </div>
  );
}

/** The forgetting-curve chart in its framed figure (home and /science). */
export function ForgettingCurveFigure() {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <ForgettingCurveChart label={forgettingCurveLabel} className="h-auto w-full" />
    </figure>
  );
}
