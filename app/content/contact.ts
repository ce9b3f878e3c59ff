import type { PageMetaInput } from "../lib/meta";

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

/** The admin inbox's copy. */
export const contactInboxCopy = {
  title: "Contact messages",
  loading: "Loading messages...",
  empty: "No messages yet.",
  loadFailed: "Could not load the messages. Please try again.",
  updateFailed: "Failed to update the message",
  unreadCount: (count: number) => `${count} unread`,
  totalCount: (count: number) => `${count} message${count === 1 ? "" : "s"}`,
  unread: "Unread",
  read: "Read",
  markRead: "Mark as read",
  markUnread: "Mark as unread",
  reply: "Reply",
  pages: "Pages",
  newer: "Previous page",
  older: "Next page",
  emailStatus: {
    pending: "Email notification pending",
    sent: "Email notification sent",
    failed: "Email notification failed",
    logged: "Email notification only logged",
  },
  /** Shown once above the list when any notification was only logged. */
  mailNotConfigured: "Mail is not configured: notifications of new messages are only written to the server log (SMTP is not configured).",
  searchLabel: "Search messages",
  search: "Search",
  showLabel: "Show",
  show: { all: "All messages", unread: "Unread only", read: "Read only" },
  sortLabel: "Sort",
  sort: { newest: "Newest first", oldest: "Oldest first" },
  markAllRead: "Mark all read",
  markedAllRead: (count: number) => `${count} message${count === 1 ? "" : "s"} marked read`,
  noMatches: "No messages match.",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes. */
export const contactMeta = {
  title: "Contact",
  description: "Talk to the Dialogic team about conversation-based training for your organization.",
  path: "/contact",
  keywords: ["contact Dialogic", "training platform demo"],
} satisfies PageMetaInput;
