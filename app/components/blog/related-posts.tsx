import type { PublicPostSummary } from "../../../domain/blog-post";
import { readerCopy } from "../../content/blog";
import { PostCard } from "./post-card";

/** Up to three other articles under an article, before its call to action (decision 158). */
export function RelatedPosts({ posts }: { posts: PublicPostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-articles" className="mx-auto mt-20 max-w-6xl px-4 sm:px-6">
      <h2 id="related-articles" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {readerCopy.relatedHeading}
      </h2>
      <ul className="mt-8 grid list-none gap-8 p-0 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug} className="flex">
            <PostCard post={post} element="div" />
          </li>
        ))}
      </ul>
    </section>
  );
}
