import { linkedPageMeta } from "./shared";

/** Copy of /science (titled About): the learning science and the Kirkpatrick model. */
export type KirkpatrickLevel = {
  name: "Reaction" | "Learning" | "Behavior" | "Results";
  question: string;
  traditional: string;
  withDialogic: string;
};

export const scienceCopy = {
  header: {
    eyebrow: "The science behind Dialogic",
    title: "About",
    lead: "Dialogic is built on a few of the most robust findings in learning research, and on a model of training evaluation that L&D teams have used for decades.",
  },
  learningScience: {
    eyebrow: "Learning science",
    title: "Why conversation beats the click-through course",
    lead: "Memory fades fast when nothing asks us to use what we learned. Hermann Ebbinghaus showed more than a century ago that most new material is lost within days unless it is revisited, and workplace training is no exception: 90% of training is forgotten within a month. Four well-established principles slow that curve, and a good conversation applies all four at once.",
    principles: [
      {
        title: "Retrieval practice",
        text: "Recalling an idea strengthens memory far more than re-reading it. The coach asks people to produce answers, not pick them from a list.",
      },
      {
        title: "Elaboration",
        text: "Explaining why a rule exists and how it applies links it to what people already know. The coach keeps asking \u201cwhy?\u201d and \u201cwhat if?\u201d.",
      },
      {
        title: "Spacing",
        text: "Short sessions spread over days beat one long session. Dialogic schedules brief check-ins on the topics each person found hardest.",
      },
      {
        title: "Immediate feedback",
        text: "Misunderstandings corrected on the spot do not harden into habits. Every correction quotes the source it comes from.",
      },
    ],
  },
  kirkpatrick: {
    eyebrow: "Measuring what matters",
    title: "The Kirkpatrick model, four levels deep",
    lead: "The Kirkpatrick model evaluates training at four levels. Most programs only ever measure the first two, because the evidence for the others is hard to collect. Conversation produces that evidence as a by-product of learning.",
    traditionalLabel: "Traditional training",
    withDialogicLabel: "With Dialogic",
    levelLabel: "Level",
    levels: [
      {
        name: "Reaction",
        question: "Did people find the training relevant and engaging?",
        traditional: "A satisfaction survey after the session, filled in by a fraction of attendees and mostly measuring whether the session was pleasant.",
        withDialogic: "Engagement is visible inside every conversation: where people hesitate, what they ask and how confident they are, captured as they learn instead of afterwards.",
      },
      {
        name: "Learning",
        question: "Did people acquire the intended knowledge and skills?",
        traditional: "A multiple-choice quiz at the end of a module, which rewards recognition, short-term memory and lucky guesses.",
        withDialogic: "People explain and apply each concept in their own words. Understanding is scored per topic against your source material, and checked again weeks later.",
      },
      {
        name: "Behavior",
        question: "Do people apply what they learned on the job?",
        traditional: "Assumed, or estimated months later from manager surveys that are hard to tie back to a specific program.",
        withDialogic: "Scenario conversations rehearse the real decisions people face, and spaced follow-ups show whether the right judgment holds over time.",
      },
      {
        name: "Results",
        question: "Did the training improve business outcomes?",
        traditional: "Rarely measured, because there is no data linking what people understood to what happened afterwards.",
        withDialogic: "Understanding by team and topic can be set beside your own outcome metrics, such as incidents, ramp-up time, win rates or customer satisfaction.",
      },
    ] satisfies KirkpatrickLevel[],
    statement: "Dialogic makes the Kirkpatrick model actionable.",
    statementDetail:
      "Instead of four separate evaluation projects, you get one continuous stream of evidence from reaction to results, and a clear next step for every team.",
  },
  cta: {
    title: "Put the science to work on your training",
    body: "See how a conversation built from your own material measures understanding at every level.",
  },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its link's. */
export const scienceMeta = linkedPageMeta("/science", {
  description:
    "The learning science behind Dialogic: retrieval practice, elaboration and feedback, and how conversation makes all four Kirkpatrick levels measurable.",
  keywords: ["learning science", "Kirkpatrick model", "forgetting curve", "training evaluation"],
});
