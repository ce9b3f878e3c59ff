import { linkedPageMeta } from "./shared";

/** The contact page's copy. The form's messages and toasts live in domain/contact.ts. */
export const contactCopy = {
  title: "Contact us",
  lead: "Tell us what you would like to train, and we will get back to you.",
  formHeading: "Send us a message",
  labels: {
    name: "Your name *",
    email: "Your email *",
    message: "Message *",
  },
  placeholders: {
    name: "Jane Doe",
    email: "jane@company.com",
    message: "Tell us about your team and what you would like to train.",
  },
  requiredNote: "Fields marked * are required.",
  honeypotLabel: "Leave this field empty",
  detailsHeading: "Other ways to reach us",
  emailLabel: "Email",
  phoneLabel: "Phone",
  responseNote: "We answer every message, usually within one business day.",
  /** The lasting confirmation where the form is, after a message is sent (the toast says it too). */
  confirmation: {
    title: "We have your message",
    body: (email: string) => `We will answer at ${email}, usually within one business day.`,
  },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its link's. */
export const contactMeta = linkedPageMeta("/contact", {
  description: "Talk to the Dialogic team about conversation-based training for your organization.",
  keywords: ["contact Dialogic", "training platform demo"],
});
