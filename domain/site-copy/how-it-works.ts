import { linkedPageMeta } from "./shared";

/** Copy of /how-it-works: the three steps from documents to measurable understanding. */
export type HowItWorksStep = {
  illustration: "upload" | "program" | "conversation";
  title: string;
  summary: string;
  details: string;
  points: readonly string[];
};

export const howItWorksCopy = {
  header: {
    eyebrow: "How it works",
    title: "How it works",
    lead: "From the documents you already have to measurable understanding, in three steps. No course authoring, no video shoots, no rewriting your policies.",
  },
  steps: {
    title: "Three steps from documents to understanding",
    listLabel: "Steps",
    stepLabel: "Step",
    items: [
      {
        illustration: "upload",
        title: "Upload your content",
        summary:
          "Add the policies, handbooks, playbooks and presentations your teams already rely on.",
        details:
          "Upload PDF, Word, PowerPoint and text files, or paste the text of a page. Group them into a program, mark which sources are authoritative, and you are done: nothing needs to be rewritten or formatted for e-learning first.",
        points: [
          "PDF, Word, PowerPoint and plain text",
          "Group sources into programs by team, role or region",
          "Your content stays yours and is never used to train AI models",
        ],
      },
      {
        illustration: "program",
        title: "AI creates the program",
        summary:
          "Dialogic drafts learning objectives, realistic scenarios and the questions that check understanding.",
        details:
          "Every objective and question is traced back to the passage it came from, so your trainers can check it in seconds. They edit what they want, approve the program, and choose who takes it and by when. When a source changes, Dialogic shows which parts of the program it affects.",
        points: [
          "Objectives, scenarios and questions linked to their sources",
          "Trainers review, edit and approve before anyone sees it",
          "Updated sources flag the parts of a program to refresh",
        ],
      },
      {
        illustration: "conversation",
        title: "Employees learn through conversation",
        summary:
          "Each person talks the material through with an AI coach, by text or by voice, at their own pace.",
        details:
          "The coach asks people to explain, apply and decide rather than recognize the right option. It corrects misunderstandings with the wording of your own sources and comes back to weak topics over the following days. You see understanding by topic, team and person, and where to step in.",
        points: [
          "Text or voice, on desktop or phone",
          "Feedback grounded in your own sources",
          "Understanding by topic, team and person",
        ],
      },
    ] satisfies HowItWorksStep[],
  },
  outcomes: {
    eyebrow: "What changes",
    title: "What you have at the end",
    items: [
      {
        title: "Evidence of understanding",
        text: "A score per topic for every learner, based on how they explained and applied the material, ready for your audit file or your quarterly review.",
      },
      {
        title: "A map of knowledge gaps",
        text: "The questions people struggled with, grouped by team and topic, so refreshers go where they are needed instead of to everyone.",
      },
      {
        title: "Training that keeps up",
        text: "When a policy or product changes, update the source and refresh the affected conversations. No rebuild, no re-recording.",
      },
    ],
  },
  cta: {
    title: "See it with your own content",
    body: "Bring a policy or a playbook to a demo and watch Dialogic turn it into a conversation in minutes.",
  },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its link's. */
export const howItWorksMeta = linkedPageMeta("/how-it-works", {
  description:
    "Upload your content, let the AI build the program, and employees learn through conversation. Three steps from documents to measurable understanding.",
  keywords: ["how Dialogic works", "AI course creation", "conversational training"],
});
