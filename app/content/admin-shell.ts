/** The admin shell's own texts (not in the specification; the spec's admin texts live in domain/admin-messages). */
export const adminShellCopy = {
  badge: "Admin",
  navLabel: "Admin",
  posts: "Posts",
  pages: "Pages",
  navigation: "Menus",
  forms: "Forms",
  messages: "Messages",
  reports: "Reports",
  analytics: "Analytics",
  people: "People",
  notForRoleHeading: "Not part of your role",
  notForRoleLink: "Go to your first screen",
  /** The sign-in check got no answer: the token is kept, and she may ask again. */
  checkUnreachableHeading: "Your sign-in could not be checked",
  checkUnreachable: "The server could not be reached to check your sign-in. Your session is kept.",
  checkAgain: "Try again",
  viewSite: "View site",
  /** Read after the link's name by screen readers; shown as a pill. */
  unread: (count: number) => `${count} unread`,
  /** New reports and unanswered replies from reporters (docs/decisions/189). */
  awaitingTeam: (count: number) => `${count} waiting for the team`,
  /** Drafts submitted for review, for those who review (docs/decisions/210). */
  waitingForReview: "Waiting for review",
  waitingDrafts: (count: number) => `${count} ${count === 1 ? "draft" : "drafts"}`,
} as const;

/** The pager under both inboxes (messages and reports). */
export const inboxPagerCopy = {
  navigation: "Pages",
  previous: "Previous page",
  next: "Next page",
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
