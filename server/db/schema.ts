
/**
 * Column conventions shared by SQLite and PostgreSQL (see docs/decisions/003-portable-columns.md):
 * ids are text (UUIDs), booleans are integers 0/1, timestamps are ISO-8601 UTC text.
 * Both drivers then return rows of the same shape.
 */
export type BooleanColumn = 0 | 1;

export type BlogPostsTable = {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  category: string;
  author_name: string;
  author_avatar_url: string | null;
  author_bio: string;
  author_linkedin_url: string | null;
  featured_image_url: string | null;
  read_time: string;
  published: BooleanColumn;
  featured: BooleanColumn;
  created_at: string;
  updated_at: string;
};

export type Database = {
  blog_posts: BlogPostsTable;
};
