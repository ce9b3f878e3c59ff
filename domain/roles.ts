/**
 * The people who run the site and what each may do (issue "The team signs in as themselves").
 * The owner holds the specification's admin password; everyone else is invited with one of the
 * other roles. The policy over these roles lives beside them, in this module, written once.
 */
export const ROLES = ["owner", "administrator", "editor", "author", "contributor", "security"] as const;
export type Role = (typeof ROLES)[number];

/** The roles an invitation or a role change may give: there is exactly one owner. */
export const INVITABLE_ROLES = ["administrator", "editor", "author", "contributor", "security"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  administrator: "Administrator",
  editor: "Editor",
  author: "Author",
  contributor: "Contributor",
  security: "Security",
};

/** Who did something, as the audit trail, revisions and messages name them. */
export type Actor = { id: string; name: string; role: Role };

/**
 * What an admin door does, as the policy names it: every admin route of the API declares one
 * (server/auth/admin-routes.server.ts), so a new door cannot be declared without a rule.
 */
export const ADMIN_ACTIONS = {
  "account.own": "manage their own account",
  "site.counts": "see the admin bar's counts",
  "posts.read": "read posts",
  "posts.write": "write posts",
  "posts.publish": "publish or schedule posts",
  "posts.review": "review drafts submitted for review",
  "posts.delete": "delete posts",
  "posts.share": "share drafts of posts",
  "pages.read": "read pages",
  "pages.write": "edit pages",
  "pages.publish": "publish pages",
  "pages.delete": "delete pages",
  "navigation.edit": "edit the menus",
  "media.read": "browse the media library",
  "media.upload": "upload images",
  "leads.read": "read the contact inbox",
  "leads.triage": "mark contact messages",
  "forms.edit": "build forms",
  "analytics.read": "read the analytics",
  "audit.read": "read the audit trail",
  "reports.read": "read vulnerability reports",
  "reports.triage": "triage vulnerability reports",
  "reports.reply": "write to reporters",
  "people.read": "see the people of the team",
  "people.manage": "invite, change or remove people",
} as const;
export type AdminAction = keyof typeof ADMIN_ACTIONS;

const EVERYONE = ROLES;
const BLOG_TEAM = ["owner", "administrator", "editor", "author", "contributor"] as const;
const EDITORS = ["owner", "administrator", "editor"] as const;
const SECURITY_TEAM = ["owner", "administrator", "security"] as const;
const ADMINISTRATORS = ["owner", "administrator"] as const;

/**
 * The one policy: who may do what (issue 42's roles). Typed by action, so an action without a
 * rule does not compile. What a role may do to its own posts only (authors, contributors) is
 * decided by the posts service on top of this.
 */
export const POLICY: { readonly [A in AdminAction]: readonly Role[] } = {
  "account.own": EVERYONE,
  "site.counts": EVERYONE,
  "posts.read": BLOG_TEAM,
  "posts.write": BLOG_TEAM,
  "posts.publish": ["owner", "administrator", "editor", "author"],
  "posts.review": EDITORS,
  "posts.delete": ["owner", "administrator", "editor", "author"],
  "posts.share": BLOG_TEAM,
  "pages.read": EDITORS,
  "pages.write": EDITORS,
  "pages.publish": EDITORS,
  "pages.delete": EDITORS,
  "navigation.edit": EDITORS,
  "media.read": BLOG_TEAM,
  "media.upload": BLOG_TEAM,
  "leads.read": EDITORS,
  "leads.triage": EDITORS,
  "forms.edit": EDITORS,
  "analytics.read": ["owner", "administrator", "editor", "author"],
  "audit.read": ADMINISTRATORS,
  "reports.read": SECURITY_TEAM,
  "reports.triage": SECURITY_TEAM,
  "reports.reply": SECURITY_TEAM,
  "people.read": ADMINISTRATORS,
  "people.manage": ADMINISTRATORS,
};

export function may(role: Role, action: AdminAction): boolean {
  return POLICY[action].includes(role);
}

/** The 403's words: what the role may not do. */
export function forbiddenMessage(role: Role, action: AdminAction): string {
  return `The ${ROLE_LABELS[role]} role may not ${ADMIN_ACTIONS[action]}.`;
}
