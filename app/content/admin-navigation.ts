/** The texts of the menus screen (issue 44) and of the page editor's "Add to the header menu". */
import type { MenuName } from "../../domain/navigation";
import type { PageMetaInput } from "../lib/meta";

export const adminNavigationMeta = {
  title: "Menus",
  description: "Edit the links of the site's header and footer.",
  path: "/admin/navigation",
  noindex: true,
} satisfies PageMetaInput;

export const adminNavigationCopy = {
  heading: adminNavigationMeta.title,
  lead: "The links of the site's header (on every screen size) and footer. Drag a link, or use Move up and Move down, to change the order; the preview shows the menus as you edit them. Saving publishes them at once.",
  loading: "Loading the menus...",
  menuHeading: { header: "Header menu", footer: "Footer menu" } satisfies Record<MenuName, string>,
  linkLegend: (menu: MenuName, position: number) => `${menu === "header" ? "Header" : "Footer"} link ${position}`,
  label: "Label",
  address: "Address",
  addressHint: "A page of this site (/webinar), a post (/blog/its-address), a category (/blog/category/its-name), or an outside address (https://…).",
  dragHandle: "Drag to reorder",
  moveUp: "Move up",
  moveDown: "Move down",
  remove: "Remove",
  addLink: (menu: MenuName) => `Add a link to the ${menu} menu`,
  empty: "No links yet.",
  moved: (label: string, position: number, count: number) => `${label || "The link"} moved to position ${position} of ${count}.`,
  removed: (label: string) => `${label || "The link"} removed.`,
  save: "Save and publish",
  saving: "Saving...",
  previewHeading: "Preview",
  previewHeader: "Header as it will show",
  previewFooter: "Footer as it will show",
  historyHeading: "Earlier versions",
  historyEmpty: "No earlier versions yet: each save keeps one.",
  historySaved: (who: string | null) => (who ? `Saved by ${who}` : "Saved"),
  restore: "Restore",
  restoreVersion: (when: string) => `Restore the version of ${when}`,
  restored: "The earlier version is live again.",
  addToHeader: "Add to the header menu",
  addedToHeader: "Added to the header menu, and published.",
  alreadyInHeader: "This page is already in the header menu.",
  addToHeaderFailed: "The page could not be added to the header menu.",
  headerFull: "The header menu is full: remove a link on the Menus screen first.",
} as const;
