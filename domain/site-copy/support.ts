import { linkedPageMeta } from "./shared";

/** Copy of /support: how to reach the support team and the FAQ. */
export type FaqEntry = {
  question: string;
  answer: readonly string[];
  /** An optional link at the end of the answer. */
  link?: { label: string; to: string };
};

export const supportCopy = {
  header: {
    eyebrow: "Help center",
    title: "Support",
    lead: "Answers to common questions, and a team that is happy to help with the rest.",
  },
  contact: {
    title: "Talk to our support team",
    body: "Write to us about anything: a program that needs a second look, a learner who cannot sign in, or a question about your data. We reply within one business day, and sooner for anything blocking your training.",
    emailLabel: "Email support",
    phoneLabel: "Call us",
    otherTitle: "Other ways to reach us",
    links: [
      { label: "Sales and general questions", to: "/contact" },
      { label: "Report a security vulnerability", to: "/security" },
    ],
  },
  faq: {
    title: "Frequently asked questions",
    items: [
      {
        question: "What kinds of content can we turn into training?",
        answer: [
          "Anything your people are expected to know that lives in a document: policies, codes of conduct, handbooks, standard operating procedures, sales playbooks, product sheets, release notes and slide decks.",
          "You can upload PDF, Word, PowerPoint and plain-text files. Content does not need to be reformatted or rewritten first.",
        ],
      },
      {
        question: "How long does it take to launch a program?",
        answer: [
          "Dialogic drafts a program from your sources in minutes. Most of the time goes into your trainers' review, which typically takes an hour or two for a policy-length document.",
          "Most organizations launch their first program within two weeks of signing up, including single sign-on set-up.",
        ],
      },
      {
        question: "Do learners have to type, or can they talk?",
        answer: [
          "Both. Learners can type or speak with the coach in a desktop or mobile browser, and switch between the two at any point in a conversation. Nothing needs to be installed.",
        ],
      },
      {
        question: "How does Dialogic measure understanding?",
        answer: [
          "The coach asks people to explain concepts, apply them to scenarios and justify decisions. Their answers are assessed against your source material, topic by topic, and checked again in later sessions to confirm that understanding lasts.",
          "You see a score for each topic and each learner, together with the questions people found hardest.",
        ],
      },
      {
        question: "Can our trainers review what the AI creates?",
        answer: [
          "Yes, and nothing reaches learners until they do. Trainers can edit or remove any objective, scenario or question, and each one links to the passage of the source it was drawn from.",
        ],
      },
      {
        question: "Is our organizational data used to train AI models?",
        answer: [
          "No. Your documents, conversations and results are used only to provide the service to your organization. They are never used to train machine-learning models, ours or anyone else's, and never sold.",
        ],
        link: { label: "Read our Privacy Policy", to: "/privacy" },
      },
      {
        question: "Who can see an employee's results?",
        answer: [
          "Only people your organization authorizes. Admins decide which trainers and managers can see results, and for which teams. Employees can always see their own progress.",
        ],
      },
      {
        question: "What happens when a policy or product changes?",
        answer: [
          "Upload the new version of the source. Dialogic highlights the parts of each program it affects, your trainers approve the updates, and learners receive a short refresher on what changed rather than the whole course again.",
        ],
      },
      {
        question: "How do I report a security vulnerability?",
        answer: [
          "Please follow our Responsible Disclosure Policy and send your findings through the vulnerability report form. We acknowledge every report and keep you informed until it is resolved.",
        ],
        link: { label: "Read the Responsible Disclosure Policy", to: "/security" },
      },
    ] satisfies FaqEntry[],
  },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its link's. */
export const supportMeta = linkedPageMeta("/support", {
  description: "Answers to common questions about Dialogic, and how to reach our support team.",
  keywords: ["Dialogic support", "FAQ"],
});
