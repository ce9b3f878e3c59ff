import type { PageBlock } from "../../../domain/page-blocks";

/** One of the specification's pages as a fresh site starts with it: its metadata and its blocks. */
export type SeedPage = {
  /** Its title in the admin's list, when not its SEO title. */
  title?: string;
  meta: { path: string; title: string; description: string };
  blocks: () => PageBlock[];
};
