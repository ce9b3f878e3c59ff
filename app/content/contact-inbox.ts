import { adminTexts } from "../../domain/admin-messages";
import { sourceText } from "../../domain/lead-source";

/** The admin's contact inbox (/admin/messages): its copy, apart from the public contact page's. */
export const contactInboxCopy = {
  title: adminTexts.contactMessages,
  messageFrom: (name: string) => `Message from ${name}`,
  /** A form's submission names its form (docs/decisions/220). */
  form: (name: string) => `Form: ${name}`,
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
  source: sourceText,
} as const;
