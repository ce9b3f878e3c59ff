import type { PageMetaInput } from "../page-meta";
import { type UseCase, type UseCaseId, useCases } from "./use-cases";

/** What /solutions says about a use case beyond its anchor, icon and title (use-cases.ts). */
export type SolutionDetails = {
  audience: string;
  body: string;
  outcomes: readonly string[];
  /** A short exchange that shows what the training sounds like. */
  sample: readonly { speaker: "coach" | "learner"; text: string }[];
};

/** One section of /solutions: a use case (its id is the section's anchor) and what the page says of it. */
export type SolutionSection = UseCase & SolutionDetails;

/** What the page says of each use case, by its id. */
const solutionDetails: Record<UseCaseId, SolutionDetails> = {
  onboarding: {
    audience: "For L&D and people teams",
    body: "New hires arrive with questions your handbook answers somewhere on page 40. Dialogic lets them ask those questions and practice the answers from day one, while experienced staff build new skills with the same approach as your processes and tools evolve.",
    outcomes: [
      "Shorter time to productivity, with readiness you can see per person",
      "Consistent onboarding across sites, shifts and time zones",
      "Managers spend their time coaching, not repeating the basics",
    ],
    sample: [
      { speaker: "coach", text: "A customer emails you their card number to speed up a refund. What do you do next?" },
      { speaker: "learner", text: "Process the refund and reply to confirm?" },
      {
        speaker: "coach",
        text: "Not quite. The data handling guide says to delete the email, never store the number, and ask the customer to use the secure payment link. Why do you think the guide insists on that?",
      },
    ],
  },
  compliance: {
    audience: "For compliance and risk officers",
    body: "Regulators and auditors increasingly ask whether employees understand a policy, not whether they opened it. Dialogic turns each policy into scenarios people must reason through, and keeps a record of the reasoning alongside the score.",
    outcomes: [
      "Evidence of understanding per employee and per policy, ready for audits",
      "Scenarios for anti-bribery, data protection, conduct and safety rules",
      "Changes to a policy roll out as a short refresher, not a new course",
    ],
    sample: [
      { speaker: "coach", text: "A supplier offers you two concert tickets after a contract renewal. Can you accept them?" },
      { speaker: "learner", text: "Only if their value is under the gift limit and I record them in the gifts register." },
      {
        speaker: "coach",
        text: "Right on the limit and the register. Section 4.2 adds one more condition when a contract decision is pending. Do you remember it?",
      },
    ],
  },
  sales: {
    audience: "For sales leaders and enablement",
    body: "Reps learn positioning by using it. Dialogic plays the buyer, raises the objections your team meets every week, and checks answers against your playbook and product sheets, so every release reaches the field with confident, accurate talk tracks.",
    outcomes: [
      "Realistic practice on discovery, objections and competitive questions",
      "Product launches that reach every rep before the first customer call",
      "Managers see which messages land and which need coaching",
    ],
    sample: [
      { speaker: "coach", text: "I'm the buyer: we already have an LMS. Why would we add another tool?" },
      { speaker: "learner", text: "Because it measures understanding, not just completion, and works alongside your LMS." },
      {
        speaker: "coach",
        text: "Good. Now back it up the way the playbook suggests: which metric would you ask the buyer about first?",
      },
    ],
  },
  customer: {
    audience: "For customer success and education teams",
    body: "Customers adopt what they understand. Turn your help center, release notes and guides into conversations that answer customers' questions in their own words and check that they can complete the tasks that matter.",
    outcomes: [
      "Faster adoption of new features and fewer how-to tickets",
      "Partner and reseller certification based on real understanding",
      "Insight into the concepts customers find hardest",
    ],
    sample: [
      { speaker: "coach", text: "You want a weekly report for your regional managers only. How would you set it up?" },
      { speaker: "learner", text: "Create the report and share it with the managers' group." },
      {
        speaker: "coach",
        text: "Close. Schedule it weekly, then filter by region before sharing, as the reporting guide shows. Want to try the filter step together?",
      },
    ],
  },
};

/** Copy of /solutions. */
export const solutionsCopy = {
  header: {
    eyebrow: "Use cases",
    title: "Solutions",
    lead: "Wherever people must understand a body of knowledge and act on it, Dialogic turns the documents behind it into conversations that stick.",
  },
  jumpLabel: "Use cases on this page",
  sampleLabel: "What it sounds like",
  speakers: { coach: "Coach", learner: "Learner" },
  sections: useCases.map((useCase): SolutionSection => ({ ...useCase, ...solutionDetails[useCase.id] })),
  more: {
    eyebrow: "And more",
    title: "More use cases",
    lead: "If the knowledge lives in documents, it can become a conversation.",
    items: [
      {
        title: "Leadership development",
        text: "New managers rehearse feedback, delegation and difficult conversations against your leadership framework.",
      },
      {
        title: "Security awareness",
        text: "Phishing, password and data-handling rules practiced as realistic situations rather than annual slides.",
      },
      {
        title: "Health and safety",
        text: "Procedures and risk assessments turned into scenario checks for every shift, in the field or on the floor.",
      },
      {
        title: "Change management",
        text: "When a process, system or policy changes, make sure every affected person understands what is different and why.",
      },
      {
        title: "Partner enablement",
        text: "Give resellers and implementation partners the same product understanding as your own team.",
      },
      {
        title: "Clinical and technical protocols",
        text: "Standard operating procedures learned by explaining each step and the reason behind it.",
      },
    ],
  },
  cta: {
    title: "Find the right first program",
    body: "Most customers start with one program where understanding matters most. We'll help you pick it and have it running within two weeks.",
  },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its heading's. */
export const solutionsMeta = {
  title: solutionsCopy.header.title,
  description:
    "Onboarding and upskilling, compliance, sales and product training, customer training: see how teams use Dialogic to turn their content into conversations that stick.",
  path: "/solutions",
  keywords: ["onboarding training", "compliance training", "sales enablement", "customer training"],
} satisfies PageMetaInput;
