import type { PageMetaInput } from "../lib/meta";

export const notFoundCopy = {
  code: "404",
  message: "Oops! Page not found",
  homeLink: "Return to Home",
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes. */
export const notFoundMeta = {
  title: "Page not found",
  description: "The page you are looking for does not exist.",
  path: "/404",
  noindex: true,
} satisfies PageMetaInput;
