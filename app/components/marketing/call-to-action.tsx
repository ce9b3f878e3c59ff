import { useId } from "react";
import { commonCopy } from "../../../domain/site-copy/shared";
import { Reveal } from "../layout/reveal";
import { buttonStyles } from "../ui/button-styles";
import { DemoLink } from "../ui/demo-link";
import { ActionLink } from "../ui/action-link";

/** One action of the band: the external demo page (new tab), or a page of this site or another. */
export type CallToActionLink = "demo" | { to: string; label: string };

/** The indigo band that closes a page with one or two actions, the first one filled. */
export function CallToAction({
  id,
  title,
  body,
  actions,
}: {
  id?: string;
  title: string;
  body?: string;
  actions: readonly [CallToActionLink] | readonly [CallToActionLink, CallToActionLink];
}) {
  const headingId = useId();
  return (
    <Reveal id={id} aria-labelledby={headingId} className="mx-auto mt-24 max-w-6xl px-4 sm:px-6">
      <div className="surface-dark rounded-3xl bg-indigo-700 px-6 py-14 text-center shadow-lg sm:px-12">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        {body ? <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">{body}</p> : null}
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <CallToActionButton action={actions[0]} className={buttonStyles.inverse} />
          {actions[1] ? <CallToActionButton action={actions[1]} className={buttonStyles.inverseOutline} /> : null}
        </div>
      </div>
    </Reveal>
  );
}

/** One action as a button-styled link ("Request demo" for the demo page). */
export function CallToActionButton({ action, className }: { action: CallToActionLink; className: string }) {
  if (action === "demo") return <DemoLink className={className}>{commonCopy.requestDemo}</DemoLink>;
  return (
    <ActionLink to={action.to} className={className}>
      {action.label}
    </ActionLink>
  );
}
