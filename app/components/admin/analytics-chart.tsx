import { useId, useLayoutEffect, useRef, useState } from "react";
import type { AnalyticsReport } from "../../../domain/analytics";
import { analyticsCopy as copy } from "../../content/analytics-dashboard";
import { formatNumber, shortDay } from "../../lib/admin/period";
import { labelIndexes, linePath, seriesPoints, xOf, yOf, yScale, type ChartBox } from "./chart-geometry";
import { ScrollTable } from "./analytics-tables";

const HEIGHT = 240;
/** Roughly the width of one day label ("Nov 24") with room around it. */
const LABEL_ROOM = 56;
const VIEWS_COLOUR = "#4338ca"; // indigo-700: 7.9:1 on white
const VISITORS_COLOUR = "#0f766e"; // teal-700: 5.5:1 on white

/**
 * Visitors and views per day, drawn as SVG at the width it is given (so its labels keep their
 * size on a phone). One image with a title and a description for screen readers; the same
 * numbers are in the table under it. The two lines differ by dash and marker, not colour alone.
 */
export function DayChart({ report }: { report: AnalyticsReport }) {
  const id = useId();
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const { series } = report;
  const max = Math.max(0, ...series.map((day) => Math.max(day.views, day.visitors)));
  const { top, ticks } = yScale(max);
  const box: ChartBox = { width, height: HEIGHT, left: 16 + 7 * formatNumber(top).length, right: 16, top: 12, bottom: 30 };
  const views = seriesPoints(series.map((day) => day.views), top, box);
  const visitors = seriesPoints(series.map((day) => day.visitors), top, box);
  const labels = labelIndexes(series.length, (width - box.left - box.right) / LABEL_ROOM + 1);
  const markers = series.length <= 31;
  const { active, handlers } = useDayPointer(frame, series.length, (width - box.left - box.right) / Math.max(1, series.length - 1), box.left);
  const shown = active === undefined ? undefined : series[active];
  const busiest = series.reduce<(typeof series)[number] | undefined>((best, day) => (day.views > (best?.views ?? 0) ? day : best), undefined);

  return (
    <figure className="mt-4">
      <div
        ref={frame}
        role="group"
        aria-label={copy.chartExplore}
        tabIndex={0}
        {...handlers}
        className="w-full rounded-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        {width > 0 ? (
          <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="block">
            <title id={`${id}-title`}>{copy.chartTitle}</title>
            <desc id={`${id}-desc`}>
              {copy.chartDescription(
                report.from,
                report.to,
                formatNumber(report.views),
                formatNumber(report.visitors),
                busiest ? `${busiest.day} (${formatNumber(busiest.views)} views, ${formatNumber(busiest.visitors)} visitors)` : undefined,
              )}
            </desc>
            {ticks.map((tick) => {
              const y = yOf(tick, top, box);
              return (
                <g key={tick}>
                  <line x1={box.left} x2={width - box.right} y1={y} y2={y} stroke={tick === 0 ? "#64748b" : "#e2e8f0"} />
                  <text x={box.left - 8} y={y} dy="0.32em" textAnchor="end" fontSize="12" fill="#475569">
                    {formatNumber(tick)}
                  </text>
                </g>
              );
            })}
            {labels.map((index) => (
              <text
                key={index}
                x={xOf(index, series.length, box)}
                y={HEIGHT - 8}
                fontSize="12"
                fill="#475569"
                textAnchor={series.length > 1 && index === 0 ? "start" : series.length > 1 && index === series.length - 1 ? "end" : "middle"}
              >
                {shortDay(series[index]!.day)}
              </text>
            ))}
            <path d={linePath(views)} fill="none" stroke={VIEWS_COLOUR} strokeWidth="2.5" strokeLinejoin="round" />
            <path d={linePath(visitors)} fill="none" stroke={VISITORS_COLOUR} strokeWidth="2.5" strokeDasharray="6 4" strokeLinejoin="round" />
            {markers || series.length === 1
              ? views.map((point, index) => <circle key={`v${index}`} cx={point.x} cy={point.y} r="3.5" fill={VIEWS_COLOUR} />)
              : null}
            {markers || series.length === 1
              ? visitors.map((point, index) => (
                  <rect key={`u${index}`} x={point.x - 3} y={point.y - 3} width="6" height="6" fill={VISITORS_COLOUR} />
                ))
              : null}
            {shown && active !== undefined ? (
              <line x1={xOf(active, series.length, box)} x2={xOf(active, series.length, box)} y1={box.top} y2={HEIGHT - box.bottom} stroke="#334155" strokeDasharray="2 3" />
            ) : null}
          </svg>
        ) : (
          <div style={{ height: HEIGHT }} />
        )}
      </div>
      <p aria-live="polite" className="mt-2 min-h-5 text-sm font-medium text-slate-900 tabular-nums">
        {shown ? copy.chartDay(shortDay(shown.day), formatNumber(shown.views), formatNumber(shown.visitors)) : ""}
      </p>
      <figcaption className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <LegendKey colour={VIEWS_COLOUR} label={copy.totals.views} marker="circle" />
        <LegendKey colour={VISITORS_COLOUR} label={copy.totals.visitors} marker="square" dashed />
      </figcaption>
      <details className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md text-sm font-semibold text-indigo-700">
          <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
            ▸
          </span>
          {copy.chartTable}
        </summary>
        <ScrollTable
          label={copy.chartTable}
          rows={series}
          rowKey={(day) => day.day}
          columns={[
            { header: copy.day, cell: (day) => day.day, rowHeader: true },
            { header: copy.columns.views, cell: (day) => formatNumber(day.views), numeric: true },
            { header: copy.columns.visitors, cell: (day) => formatNumber(day.visitors), numeric: true },
          ]}
        />
      </details>
    </figure>
  );
}

function LegendKey({ colour, label, marker, dashed = false }: { colour: string; label: string; marker: "circle" | "square"; dashed?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg width="32" height="10" aria-hidden="true" className="shrink-0">
        <line x1="0" x2="32" y1="5" y2="5" stroke={colour} strokeWidth="2.5" strokeDasharray={dashed ? "6 4" : undefined} />
        {marker === "circle" ? <circle cx="16" cy="5" r="3.5" fill={colour} /> : <rect x="13" y="2" width="6" height="6" fill={colour} />}
      </svg>
      {label}
    </span>
  );
}

/**
 * The day under the pointer, or chosen with the arrow keys (Home, End) while the chart has focus:
 * its figures are read out under the chart.
 */
function useDayPointer(frame: React.RefObject<HTMLElement | null>, days: number, span: number, left: number) {
  const [active, setActive] = useState<number | undefined>(undefined);
  const within = (index: number) => Math.min(days - 1, Math.max(0, index));
  const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -days, End: days };
  const handlers = {
    onPointerMove: (event: React.PointerEvent) => {
      const start = frame.current?.getBoundingClientRect().left ?? 0;
      setActive(within(Math.round((event.clientX - start - left) / span)));
    },
    onPointerLeave: () => setActive(undefined),
    onFocus: () => setActive((current) => current ?? days - 1),
    onBlur: () => setActive(undefined),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (!(event.key in moves)) return;
      event.preventDefault();
      setActive((current) => within((current ?? days - 1) + moves[event.key]!));
    },
  };
  return { active, handlers };
}

/** The width of an element, followed as it changes (a rotated phone, a resized window). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
