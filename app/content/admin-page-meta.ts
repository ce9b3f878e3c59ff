import { adminTexts } from "../../domain/admin-messages";
import type { PageMetaInput } from "../lib/meta";

/**
 * The admin screens' metadata, apart from the public pages' (each beside its page's copy): the admin texts stay
 * out of the JavaScript every public page loads.
 */
export const adminPageMeta = {
  login: {
    title: adminTexts.loginHeading,
    description: "Sign in to manage the blog.",
    path: "/admin/login",
    noindex: true,
  },
  blog: {
    title: adminTexts.listHeading,
    description: "Manage blog posts.",
    path: "/admin/blog",
    noindex: true,
  },
  messages: {
    title: "Contact messages",
    description: "Messages sent through the contact form.",
    path: "/admin/messages",
    noindex: true,
  },
  reports: {
    title: "Vulnerability Reports",
    description: "Triage vulnerability reports.",
    path: "/admin/reports",
    noindex: true,
  },
  report: {
    title: "Vulnerability Report",
    description: "One vulnerability report.",
    path: "/admin/reports",
    noindex: true,
  },
} satisfies Record<string, PageMetaInput>;
