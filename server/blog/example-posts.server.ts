import type { AppDatabase } from "../db/database.server";
import { POSTS_TAG, postTag, recordContentChange } from "../cache/content-changes.server";
import { createPost, setPostDate } from "./posts.server";

const exampleNote =
  '<p><em>This is an example post added by <code>npm run admin -- seed</code> so a new site has a living blog. Edit it or delete it in the blog admin.</em></p>';

/** A handful of clearly marked example posts, published, newest last in this list. */
export const EXAMPLE_POSTS = [
  {
    slug: "example-why-training-is-forgotten",
    title: "Example: Why 90% of training is forgotten within a month",
    category: "Research",
    excerpt:
      "Example post. The forgetting curve explains why slide decks and completion checkboxes fade so fast, and what retrieval practice does about it.",
    read_time: "6 min read",
    content: `${exampleNote}
<h2>The forgetting curve</h2>
<p>Hermann Ebbinghaus measured it more than a century ago: without review, most of what we learn is gone within days. Corporate training is no exception. A policy read once is a policy <strong>forgotten</strong>.</p>
<h2>What helps</h2>
<ul><li>Retrieval practice: explaining an idea in your own words.</li><li>Spacing: coming back to it after a pause.</li><li>Feedback: finding out at once what you got wrong.</li></ul>
<blockquote>Conversation does all three at once.</blockquote>`,
  },
  {
    slug: "example-measuring-understanding-not-completion",
    title: "Example: Measure understanding, not completion",
    category: "Assessment",
    excerpt:
      "Example post. A completion rate tells you who clicked through. Here is how conversation-based assessment shows who actually understood.",
    read_time: "5 min read",
    content: `${exampleNote}
<h2>Completion is not competence</h2>
<p>Every LMS reports completion. Few can tell you whether a sales engineer can <em>explain</em> the new pricing model to a customer.</p>
<h3>Signals worth tracking</h3>
<ol><li>Can the learner restate the key rule?</li><li>Can they apply it to a new case?</li><li>Do they know when it does <u>not</u> apply?</li></ol>`,
  },
  {
    slug: "example-onboarding-in-conversation",
    title: "Example: Onboarding new hires through conversation",
    category: "Training",
    excerpt:
      "Example post. Turn your handbook into a conversation partner that new hires can question on day one.",
    read_time: "4 min read",
    content: `${exampleNote}
<p>New hires rarely read the handbook cover to cover. They will, however, ask questions, if someone answers.</p>
<p class="ql-align-center"><strong>Upload the handbook. Let them talk it through.</strong></p>
<pre>1. Upload your onboarding documents
2. Review the generated program
3. Invite the new hires</pre>`,
  },
  {
    slug: "example-ai-in-the-learning-team",
    title: "Example: What AI changes for L&D teams",
    category: "AI & Education",
    excerpt:
      "Example post. AI does not replace instructional designers; it removes the busywork between a policy and a program.",
    read_time: "7 min read",
    featured: true,
    content: `${exampleNote}
<h2>From content to conversation</h2>
<p>L&amp;D teams spend weeks turning documents into courses. With AI, the first draft of a program takes minutes, and the team's time goes to what matters: <span style="color: #4338ca;">judgement, context and coaching</span>.</p>
<p>Read more about the learning science in <a href="/science">our approach</a>.</p>`,
  },
] as const;

/**
 * Adds the example posts that are not there yet (by slug), so running it twice changes nothing.
 * Each gets a creation time a day apart, so the list shows them in a natural order.
 */
export async function seedExamplePosts(db: AppDatabase): Promise<{ created: string[]; skipped: string[] }> {
  const created: string[] = [];
  const skipped: string[] = [];
  const now = Date.now();
  for (const [index, example] of EXAMPLE_POSTS.entries()) {
    const result = await createPost(db, { ...example, published: true });
    if (!result.ok) {
      if (result.code === "slug_taken") {
        skipped.push(example.slug);
        continue;
      }
      throw new Error(`The example post "${example.slug}" was refused: ${JSON.stringify(result)}`);
    }
    const createdAt = new Date(now - (EXAMPLE_POSTS.length - 1 - index) * 86_400_000).toISOString();
    await setPostDate(db, result.post.id, createdAt);
    await recordContentChange(db, [POSTS_TAG, postTag(example.slug)]);
    created.push(example.slug);
  }
  return { created, skipped };
}
