import { readerCopy } from "../../content/blog";
import { formatPostDate } from "../../lib/dates";
import { SiteLink } from "../ui/site-link";

export type RelatedPost = { slug: string; title: string; excerpt: string | null; category: string; created_at: string; read_time: string };

/**
 * Up to three other articles under an article, before its call to action (decision 158): light
 * cards of text only, so the article page loads no more than its budget allows.
 */
export function RelatedPosts({ posts }: { posts: RelatedPost[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-articles" className="mx-auto mt-20 max-w-6xl px-4 sm:px-6">
      <h2 id="related-articles" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {readerCopy.relatedHeading}
      </h2>
      <ul className="mt-8 grid list-none gap-8 p-0 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug} className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-lg">
            <p className="text-sm text-slate-600">
              {post.category}
              <span aria-hidden="true"> · </span>
              <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
            </p>
            <h3 className="mt-3 text-xl font-bold leading-snug text-slate-900">
              <SiteLink to={`/blog/${post.slug}`} className="after:absolute after:inset-0 after:content-[''] hover:text-indigo-700">
                {post.title}
              </SiteLink>
            </h3>
            {post.excerpt ? <p className="mt-3 line-clamp-3 text-slate-600">{post.excerpt}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
