import type { PageBlockOf } from "../../../domain/page-blocks";
import { CallToAction, type CallToActionLink } from "../marketing/call-to-action";
import { toCallToActionLink } from "./block-actions";

/** The indigo band that closes a page, with one or two buttons. */
export function CtaBlock({ block }: { block: PageBlockOf<"cta"> }) {
  const [first, second] = block.actions.map(toCallToActionLink);
  const actions: readonly [CallToActionLink] | readonly [CallToActionLink, CallToActionLink] = second ? [first!, second] : [first!];
  return <CallToAction id={block.anchor || undefined} title={block.title} body={block.body || undefined} actions={actions} />;
}
