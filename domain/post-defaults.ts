// No Zod here: the public blog pages import these without pulling the schemas into their bundle.

/** Defaults for a new post (specification, section 3). */
export const NEW_POST_DEFAULTS = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  category: "General",
  author_name: "Admin",
  author_avatar_url: "",
  author_bio: "Content Creator",
  author_linkedin_url: "",
  featured_image_url: "",
  read_time: "5 min read",
  published: false,
  featured: false,
} as const;
