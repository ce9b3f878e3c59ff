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
} as const;

/** The admin inbox's copy. */
export const contactInboxCopy = {
  title: "Contact messages",
  backToAdmin: "Back to Admin",
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
  newer: "Newer",
  older: "Older",
  emailStatus: {
    pending: "Email notification pending",
    sent: "Email notification sent",
    failed: "Email notification failed",
    logged: "Email notification only logged (SMTP is not configured)",
  },
} as const;
