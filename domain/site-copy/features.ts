import type { PageIcon as IconName } from "../page-blocks";
import { linkedPageMeta } from "./shared";

export type FeatureCard = { icon: IconName; title: string; text: string; points: readonly string[] };

/** Copy of /features: the six feature cards and the use-case section. */
export const featuresCopy = {
  header: {
    eyebrow: "Platform",
    title: "Features",
    lead: "Everything you need to turn content into conversations, and conversations into evidence that people understand.",
  },
  cards: {
    title: "What Dialogic does",
    items: [
      {
        icon: "conversation",
        title: "Conversations in text or voice",
        text: "Learners talk with an AI coach the way they would with a mentor: by typing at their desk or speaking on the go.",
        points: ["Desktop and mobile browsers", "Natural follow-up questions"],
      },
      {
        icon: "grounded",
        title: "Grounded in your content",
        text: "Every question, explanation and correction comes from the sources you uploaded, with the passage it relies on one click away.",
        points: ["No invented policies", "Source passages cited"],
      },
      {
        icon: "sparkles",
        title: "Programs built for you",
        text: "Dialogic drafts objectives, scenarios and questions from your material in minutes. Your trainers stay in charge of what ships.",
        points: ["Review and approve before launch", "Refresh when a source changes"],
      },
      {
        icon: "chart",
        title: "Understanding analytics",
        text: "See how well each person understands each topic, not just whether they finished, and spot the gaps across teams.",
        points: ["Scores by topic, team and person", "Exports for audits and reviews"],
      },
      {
        icon: "adaptive",
        title: "Adaptive practice",
        text: "The coach returns to the topics each learner found hard, spaced over days and weeks, so knowledge lasts past the first month.",
        points: ["Spaced retrieval practice", "Personal pace for every learner"],
      },
      {
        icon: "shield",
        title: "Enterprise-ready controls",
        text: "Roles for admins, trainers and employees, single sign-on, and organizational data that is never used to train AI models.",
        points: ["Role-based access", "Data isolated per organization"],
      },
    ] satisfies FeatureCard[],
  },
  useCases: {
    eyebrow: "Use cases",
    title: "One platform, every kind of training",
    lead: "The same conversation engine serves the programs that matter most to L&D leaders, compliance officers and sales managers.",
  },
  cta: {
    title: "See every feature on your own material",
    body: "A 30-minute demo is enough to see a program built from one of your documents, and the analytics it produces.",
  },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its link's. */
export const featuresMeta = linkedPageMeta("/features", {
  description:
    "Voice and text conversations, content-grounded answers, understanding analytics, and the controls enterprises need. Explore the Dialogic feature set.",
  keywords: ["AI tutor", "training analytics", "voice learning", "enterprise training features"],
});
