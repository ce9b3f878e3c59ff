import { useContext } from "react";
import type { PageBlockOf } from "../../../domain/page-blocks";
import { ContactFormStateContext } from "./contact-form-state";
import { blockGap, type BlockPlace } from "./block-section";
import { splitComponent } from "./split-component";

const ContactSection = splitComponent(() => import("../contact/contact-form").then((module) => module.ContactSection));

/**
 * The contact form of /contact. Without JavaScript it posts to /contact, whose action reads this
 * page's address from the Referer, so the lead is credited to this page; with JavaScript it sends
 * the visit's source itself. On /contact, what its action answered comes through
 * ContactFormStateContext.
 */
export function ContactFormBlock({ block, place }: { block: PageBlockOf<"contact_form">; place: BlockPlace }) {
  const state = useContext(ContactFormStateContext);
  return (
    <ContactSection {...state} title={block.title || undefined} lead={block.lead || undefined} action="/contact" className={blockGap(place)} />
  );
}
