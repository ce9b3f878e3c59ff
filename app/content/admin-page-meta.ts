import { adminTexts } from "../../domain/admin-messages";
import type { PageMetaInput } from "../lib/meta";
import { analyticsCopy } from "./analytics-dashboard";
import { contactInboxCopy } from "./contact-inbox";
import { triageCopy } from "./triage";

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
    title: contactInboxCopy.title,
    description: "Messages sent through the contact form.",
    path: "/admin/messages",
    noindex: true,
  },
  reports: {
    title: triageCopy.listTitle,
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
  reportMetrics: {
    title: triageCopy.metrics.title,
    description: "The vulnerability disclosure program's metrics.",
    path: "/admin/reports/metrics",
    noindex: true,
  },
  analytics: {
    title: analyticsCopy.title,
    description: "Visits, leads and page speed of the site.",
    path: "/admin/analytics",
    noindex: true,
  },
} satisfies Record<string, PageMetaInput>;
