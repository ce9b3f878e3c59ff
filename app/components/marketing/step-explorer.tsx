import { useId, useRef, useState } from "react";
import type { HowItWorksStep } from "../../../domain/site-copy/how-it-works";
import { useHydrated } from "../../lib/browser/use-hydrated";
import { Icon } from "./icon";
import { Illustration, type IllustrationName } from "./illustration";

const illustrations: Record<HowItWorksStep["illustration"], IllustrationName> = {
  upload: "UploadIllustration",
  program: "ProgramIllustration",
  conversation: "ConversationIllustration",
};

/** A step as the explorer shows it: /how-it-works names its drawings by kind, an edited page by name, or none. */
export type ExplorerStep = Omit<HowItWorksStep, "illustration"> & { illustration?: HowItWorksStep["illustration"] | IllustrationName };

function StepIllustration({ kind, className }: { kind: ExplorerStep["illustration"]; className: string }) {
  if (!kind) return null;
  return <Illustration name={kind in illustrations ? illustrations[kind as HowItWorksStep["illustration"]] : (kind as IllustrationName)} className={className} />;
}

function StepPoints({ points }: { points: readonly string[] }) {
  return (
    <ul className="mt-4 space-y-2">
      {points.map((point) => (
        <li key={point} className="flex gap-2 text-slate-700">
          <Icon name="check" size={20} className="mt-0.5 text-emerald-700" />
          {point}
        </li>
      ))}
    </ul>
  );
}

/**
 * The steps of /how-it-works. From the md breakpoint up: a vertical tab list beside the active
 * step's illustration (click or arrow keys make a step active). Below it: an accordion with one
 * step open at a time. Both are in the server HTML; CSS shows the one that fits the screen.
 */
export function StepExplorer({
  steps,
  listLabel,
  stepLabel,
}: {
  steps: readonly ExplorerStep[];
  listLabel: string;
  stepLabel: string;
}) {
  const [active, setActive] = useState(0);
  const hydrated = useHydrated();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  function activate(index: number) {
    const next = (index + steps.length) % steps.length;
    setActive(next);
    tabs.current[next]?.focus();
  }

  function onTabKeyDown(event: React.KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowRight: active + 1,
      ArrowUp: active - 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: steps.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    activate(target);
  }

  return (
    <>
      <div className="mt-12 hidden items-start gap-12 md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div role="tablist" aria-label={listLabel} aria-orientation="vertical" onKeyDown={onTabKeyDown} className="flex flex-col gap-3">
          {steps.map((step, index) => {
            const selected = index === active;
            return (
              <button
                key={step.title}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={tabId(index)}
                aria-selected={selected}
                aria-controls={panelId(index)}
                tabIndex={selected ? 0 : -1}
                disabled={!hydrated}
                onClick={() => setActive(index)}
                className={`flex gap-4 rounded-2xl border p-5 text-left transition-colors ${
                  selected
                    ? "border-indigo-200 bg-white shadow-md ring-1 ring-indigo-700"
                    : "border-transparent bg-slate-50 hover:bg-indigo-50"
                }`}
              >
                <StepNumber index={index} active={selected} idle="bg-white text-indigo-700 ring-1 ring-indigo-200" />
                <span>
                  <span className="block text-lg font-semibold text-slate-900">
                    {step.title}
                  </span>
                  <span className="mt-1 block text-slate-600">{step.summary}</span>
                </span>
              </button>
            );
          })}
        </div>
        <div>
          {steps.map((step, index) => (
            <div
              key={step.title}
              role="tabpanel"
              id={panelId(index)}
              aria-labelledby={tabId(index)}
              hidden={index !== active}
              tabIndex={0}
              className="rounded-3xl"
            >
              <StepIllustration kind={step.illustration} className="h-auto w-full" />
              <p className="mt-6 text-sm font-semibold tracking-wide text-indigo-700 uppercase">
                {stepLabel} {index + 1} / {steps.length}
              </p>
              <p className="mt-2 text-lg text-slate-700">{step.details}</p>
              <StepPoints points={step.points} />
            </div>
          ))}
        </div>
      </div>

      <StepAccordion steps={steps} listLabel={listLabel} />
    </>
  );
}

/** Below the md breakpoint: the steps as an accordion, one open at a time. */
function StepAccordion({ steps, listLabel }: { steps: readonly ExplorerStep[]; listLabel: string }) {
  const [open, setOpen] = useState<number | null>(0);
  const hydrated = useHydrated();
  const baseId = useId();
  const buttonId = (index: number) => `${baseId}-button-${index}`;
  const regionId = (index: number) => `${baseId}-region-${index}`;
  return (
    <ol aria-label={listLabel} className="mt-10 space-y-4 md:hidden">
      {steps.map((step, index) => {
        const expanded = open === index;
        return (
          <li key={step.title} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <h3>
              <button
                type="button"
                id={buttonId(index)}
                aria-expanded={expanded}
                aria-controls={regionId(index)}
                disabled={!hydrated}
                onClick={() => setOpen(expanded ? null : index)}
                className="flex w-full items-center gap-4 rounded-2xl p-4 text-left"
              >
                <StepNumber index={index} active={expanded} idle="bg-indigo-50 text-indigo-700" />
                <span className="flex-1 text-lg font-semibold text-slate-900">{step.title}</span>
                <Icon name="chevronDown" className={`text-slate-500 transition-transform ${expanded ? "rotate-180" : ""}`} />
              </button>
            </h3>
            <div id={regionId(index)} hidden={!expanded} className="px-4 pb-5">
              <p className="text-slate-700">{step.summary}</p>
              <StepIllustration kind={step.illustration} className="mx-auto mt-4 h-auto w-full max-w-sm" />
              <p className="mt-4 text-slate-700">{step.details}</p>
              <StepPoints points={step.points} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A step's number in its circle, filled while the step is shown. */
function StepNumber({ index, active, idle }: { index: number; active: boolean; idle: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full font-bold ${
        active ? "bg-indigo-700 text-white" : idle
      }`}
    >
      {index + 1}
    </span>
  );
}
