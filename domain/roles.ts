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
