import { createContext } from "react";
import type { ContactFormValues } from "../../../domain/contact-fields";
import type { ContactNotice } from "../contact/contact-form";

/**
 * What the /contact route's action answered a form sent without JavaScript (the values, the
 * problems by field, the notice), for the contact form block of the page it renders.
 */
export type ContactFormState = { initialValues?: ContactFormValues; initialErrors?: Record<string, string>; notice?: ContactNotice };

export const ContactFormStateContext = createContext<ContactFormState>({});
