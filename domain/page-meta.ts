/** What a page says about itself in its head: title, description, canonical path, social card. */
export type PageMetaInput = {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** The canonical path, starting with "/". */
  path: string;
  keywords?: readonly string[];
  type?: "website" | "article";
  /** Absolute URL or a path on this site. */
  image?: string;
  noindex?: boolean;
  article?: {
    publishedTime?: string;
    modifiedTime?: string;
    author?: string;
    section?: string;
  };
  /** JSON-LD objects beyond the Organization every page carries. */
  structuredData?: readonly object[];
};
