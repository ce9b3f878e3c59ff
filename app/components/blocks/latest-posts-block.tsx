import type { PublicPostSummary } from "../../../domain/blog-post";
import type { PageBlockOf } from "../../../domain/page-blocks";
import { BlockSection, type BlockPlace } from "./block-section";
import { splitComponent } from "./split-component";

const PostCard = splitComponent(() => import("../blog/post-card").then((module) => module.PostCard));

/** The newest published posts (of one category when set) as the blog list's cards; nothing when there are none. */
export function LatestPostsBlock({ block, place, posts }: { block: PageBlockOf<"latest_posts">; place: BlockPlace; posts: readonly PublicPostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <BlockSection place={place} title={block.title}>
      <ul className={`${block.title ? "mt-12 " : ""}grid list-none gap-8 p-0 sm:grid-cols-2 lg:grid-cols-3`}>
        {posts.map((post) => (
          <li key={post.slug} className="flex">
            <PostCard post={post} />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
