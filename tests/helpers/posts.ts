import type { AppDatabase } from "../../server/db/database.server";
import { createPost } from "../../server/blog/posts.server";

/** A post made through the posts service, as a test's own data; a refusal fails the test at once. */
export async function seedPost(db: AppDatabase, input: Parameters<typeof createPost>[1]) {
  const result = await createPost(db, input);
  if (!result.ok) throw new Error(`post not created: ${JSON.stringify(result)}`);
  return result.post;
}
