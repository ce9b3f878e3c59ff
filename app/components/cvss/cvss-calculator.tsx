import { useEffect, useId, useMemo, useState } from "react";
import { cvssBaseMetrics, scoreCvss, type CvssMetricChoice } from "../../../domain/cvss";
import { BASE_METRICS, CVSS_VERSIONS, readCvssVector, setCvssMetric, type CvssVersion } from "../../../domain/cvss-vector";
import { cvssRating } from "../../../domain/cvss-rating";
import { triageCopy } from "../../content/triage";

const copy = triageCopy.calculator;

/**
 * The CVSS calculator (docs/decisions/195): the base metrics of 4.0 or 3.1 as labelled choices
 * that edit the vector typed above it, and the score of that vector as it changes. Scored by the
 * same code as the API (domain/cvss.ts), so the score shown is the one saved. Loaded lazily, on a
 * report's admin page and when a reporter opens "Suggest a severity" (docs/decisions/214).
 */
export function CvssCalculator({ vector, onChange, onScore }: { vector: string; onChange: (vector: string) => void; onScore: (score: number | null) => void }) {
  const id = useId();
  const read = readCvssVector(vector);
  const [chosenVersion, setChosenVersion] = useState<CvssVersion>(read.version ?? "CVSS:4.0");
  const version = read.version ?? chosenVersion;
  const [open, setOpen] = useState(false);
  const given = new Map(read.version === version ? read.metrics : []);
  const scored = scoreCvss(vector);
  const score = scored.ok ? scored.cvss.score : null;

  useEffect(() => onScore(score), [score, onScore]);

  function changeVersion(next: CvssVersion) {
    setChosenVersion(next);
    if (!read.version || read.version === next) return;
    // The metrics both versions share (and their value, where the other version has it) carry over.
    const carried = cvssBaseMetrics(next);
    let moved: string = next;
    for (const [metric, value] of read.metrics) {
      if (carried.some((choice) => choice.metric === metric && choice.values.some((option) => option.value === value))) moved = setCvssMetric(moved, next, metric, value);
    }
    onChange(moved);
  }

  const chosen = BASE_METRICS[version].filter((metric) => given.has(metric)).length;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {copy.title}
        </h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-metrics`}
          onClick={() => setOpen(!open)}
          className="min-h-9 rounded-lg border border-indigo-600 px-3 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          {open ? copy.hideMetrics : copy.showMetrics}
        </button>
      </div>
      <output className="mt-2 block text-sm font-semibold text-slate-900" aria-live="polite">
        {score !== null
          ? copy.score(score, cvssRating(score))
          : chosen === BASE_METRICS[version].length
            ? copy.invalid
            : copy.incomplete(chosen, BASE_METRICS[version].length)}
      </output>
      <div id={`${id}-metrics`} hidden={!open}>
        {open ? <MetricChoices id={id} version={version} given={given} onVersion={changeVersion} onMetric={(metric, value) => onChange(setCvssMetric(vector, version, metric, value))} /> : null}
      </div>
    </section>
  );
}

/** The version, then each base metric's values, in the specification's groups. */
function MetricChoices({
  id,
  version,
  given,
  onVersion,
  onMetric,
}: {
  id: string;
  version: CvssVersion;
  given: Map<string, string>;
  onVersion: (version: CvssVersion) => void;
  onMetric: (metric: string, value: string) => void;
}) {
  const metrics = useMemo(() => cvssBaseMetrics(version), [version]);
  return (
    <>
      <p className="mt-3 text-sm text-slate-600">{copy.intro}</p>
      <ChoiceGroup
        name={`${id}-version`}
        legend={copy.version}
        options={CVSS_VERSIONS.map((value) => ({ value, name: copy.versions[value] }))}
        value={version}
        onChange={(value) => onVersion(value as CvssVersion)}
      />
      {groupsOf(metrics).map(([group, choices]) => (
        <fieldset key={group} className="mt-4">
          <legend className="text-sm font-semibold text-slate-800">{group}</legend>
          {choices.map((choice) => (
            <ChoiceGroup
              key={choice.metric}
              name={`${id}-${choice.metric}`}
              legend={`${choice.name} (${choice.metric})`}
              options={choice.values}
              value={given.get(choice.metric) ?? ""}
              onChange={(value) => onMetric(choice.metric, value)}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}

/** The metrics in the groups the specification gives them, in order. */
function groupsOf(metrics: CvssMetricChoice[]): [string, CvssMetricChoice[]][] {
  const groups = new Map<string, CvssMetricChoice[]>();
  for (const metric of metrics) groups.set(metric.group, [...(groups.get(metric.group) ?? []), metric]);
  return [...groups];
}

/** One metric's values as radio buttons drawn as a row of pills (the radio itself keeps the keyboard and the focus ring). */
function ChoiceGroup({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: { value: string; name: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="mt-2">
      <legend className="text-sm text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-slate-400 bg-white px-3 text-sm text-slate-900 has-checked:border-indigo-700 has-checked:bg-indigo-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-700"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-white"
            />
            {option.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
