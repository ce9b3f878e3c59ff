/**
 * Every public page of the route table (specification, section 2) that a search engine should
 * know, for the sitemap. The admin area is never listed; blog articles are added from the database.
 */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/solutions",
  "/how-it-works",
  "/features",
  "/science",
  "/about",
  "/contact",
  "/support",
  "/security",
  "/security/submit",
  "/security/acknowledgments",
  "/blog",
  "/privacy",
  "/terms",
] as const;
