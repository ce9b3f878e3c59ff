import type { PageAction } from "../../../domain/page-blocks";
import { commonCopy } from "../../../domain/site-copy/shared";
import type { CallToActionLink } from "../marketing/call-to-action";

/** A block's action as the call-to-action band takes it: the demo page, the contact page, or a link. */
export function toCallToActionLink(action: PageAction): CallToActionLink {
  if (action.kind === "demo") return "demo";
  if (action.kind === "contact") return { to: "/contact", label: commonCopy.contactUs };
  return { to: action.to, label: action.label };
}
