import { contactCopy, contactMeta } from "../../../domain/site-copy/contact";
import { headerHero } from "./seed-blocks";
import type { SeedPage } from "./seed-page";

/** /contact: the title band and the contact form with the company's details (its headings are the form's own). */
export const contactPage: SeedPage = {
  meta: contactMeta,
  blocks: () => [
    headerHero({ title: contactCopy.title, lead: contactCopy.lead }),
    { id: "contact-form", type: "contact_form", hidden: false, title: "", lead: "" },
  ],
};
