import type { PageIcon as IconName } from "../page-blocks";
import type { PageMetaInput } from "../page-meta";

/** Copy of the home page (/). */
export const homeCopy = {
  hero: {
    eyebrow: "Conversation-based training",
    title: "Turn your documents into conversations that teach",
    lead: "Dialogic turns the policies, handbooks and presentations you already have into training people talk through, by text or by voice. You see what each person understands, not just who reached the last slide.",
    highlights: ["Built from your own content", "Text or voice", "Understanding, not completion"],
  },
  problem: {
    eyebrow: "The problem",
    title: "Most training is forgotten before it is ever used",
    statistic: "90%",
    statisticLabel: "of training is forgotten within a month.",
    body: "Teams invest weeks in courses that people click through once. A month later, almost all of it is gone, and the completion report still shows 100%. The knowledge that protects your customers, your revenue and your license to operate never made it to the moment it was needed.",
    points: [
      {
        icon: "eye",
        title: "Completion is not comprehension",
        text: "A finished module proves someone was present. It says nothing about whether they could apply the policy on a busy Friday afternoon.",
      },
      {
        icon: "conversation",
        title: "Slides don't answer back",
        text: "People learn by explaining, questioning and being corrected. One-way content skips the part of learning that makes it stick.",
      },
      {
        icon: "adaptive",
        title: "Content ages faster than courses",
        text: "Policies and products change every quarter. Rebuilding e-learning each time is slow and expensive, so training falls behind reality.",
      },
    ] satisfies { icon: IconName; title: string; text: string }[],
  },
  approach: {
    eyebrow: "A better way",
    title: "Learning that feels like a conversation with your best expert",
    lead: "Dialogic reads your material and coaches each employee through it, one question at a time, the way a patient senior colleague would.",
    steps: [
      {
        title: "Upload your content",
        text: "Policies, playbooks, handbooks and decks, as they are today.",
      },
      {
        title: "AI creates the program",
        text: "Objectives, scenarios and questions, reviewed and approved by your trainers.",
      },
      {
        title: "Employees learn through conversation",
        text: "They explain, apply and decide; you see understanding by topic and team.",
      },
    ],
  },
  useCases: {
    eyebrow: "Who it is for",
    title: "Built for the teams that carry the training load",
    lead: "L&D leaders, compliance officers and sales managers use Dialogic to make training land, and to prove it did.",
  },
  contact: {
    title: "Let's talk about your training",
    body: "Tell us what your people need to know and we'll show you what it looks like as a conversation. Most teams run their first program within two weeks.",
  },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes. */
export const homeMeta = {
  title: "Dialogic | Conversation-based training from your own content",
  description:
    "Dialogic turns your documents, policies and presentations into conversation-based training. Employees learn by talking it through, and you measure understanding, not completion.",
  path: "/",
  keywords: ["AI training platform", "corporate training", "conversational learning", "L&D"],
} satisfies PageMetaInput;
