import { commonCopy } from "./shared";

/** Links of the top bar and the footer. */
export const primaryNavigation = [
  { to: "/how-it-works", label: "How it works" },
  { to: "/features", label: "Features" },
  { to: "/science", label: "About" },
  { to: "/blog", label: "Blog" },
] as const;

export const footerNavigation = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Use" },
  { to: "/security", label: "Security" },
  { to: "/support", label: "Support" },
  { to: "/contact", label: "Contact" },
] as const;

export const navigationLabels = {
  signIn: "Sign in",
  requestDemo: commonCopy.requestDemo,
  openMenu: "Open menu",
  closeMenu: "Close menu",
  primary: "Primary",
  footer: "Footer",
  backToTop: "Back to top",
  skipToContent: "Skip to content",
} as const;
