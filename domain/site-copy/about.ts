import type { PageIcon as IconName } from "../page-blocks";
import type { PageMetaInput } from "../page-meta";

/** Copy of /about: mission, approach, who we serve, commitments. */
export const aboutCopy = {
  header: {
    eyebrow: "Our company",
    title: "About us",
    lead: "We help organizations make sure what people learn at work is understood and remembered.",
  },
  mission: {
    eyebrow: "Our mission",
    title: "Make workplace learning something people keep",
    paragraphs: [
      "Every organization already holds the knowledge its people need: in policies, playbooks, product documentation and the heads of its best experts. The hard part has never been writing it down. It is getting it into the heads of everyone else, and keeping it there.",
      "For years the answer has been more courses, more slides and more completion reports. We started Dialogic because we believe a better answer has been available all along: the conversation. People learn best when they are asked to explain, challenged when they are unsure, and corrected before a misunderstanding becomes a habit. AI finally makes that kind of conversation possible for every employee, on every topic, at any hour.",
    ],
  },
  approach: {
    eyebrow: "Our approach",
    title: "Principles we build on",
    items: [
      {
        icon: "grounded",
        title: "Start from what you have",
        text: "Your documents are the source of truth. We never ask teams to rewrite content for a tool, and our coach never teaches what your sources do not say.",
      },
      {
        icon: "target",
        title: "Measure understanding, not attendance",
        text: "Completion rates tell you who showed up. We report what people can explain and apply, because that is what changes outcomes.",
      },
      {
        icon: "people",
        title: "Keep experts in charge",
        text: "AI drafts; people decide. Trainers review and approve every program, and every answer can be traced to the passage it came from.",
      },
      {
        icon: "lock",
        title: "Treat your data as yours",
        text: "Organizational data is used only to serve your organization. It is never used to train AI models and never sold.",
      },
    ] satisfies { icon: IconName; title: string; text: string }[],
  },
  audience: {
    eyebrow: "Who we serve",
    title: "Built with the people who own training",
    items: [
      {
        title: "L&D leaders",
        text: "Programs that launch quickly, keep up with change and show their impact in terms the business recognizes.",
      },
      {
        title: "Compliance officers",
        text: "Confidence, and evidence, that employees understand the policies they are accountable for.",
      },
      {
        title: "Sales managers",
        text: "Every rep fluent in the product and the playbook before the next quarter, not after it.",
      },
    ],
    organizations:
      "Our customers are organizations of every size, from fast-growing companies onboarding a new team each month to regulated enterprises training tens of thousands of employees across countries.",
  },
  commitments: {
    eyebrow: "Trust",
    title: "Commitments we hold ourselves to",
    items: [
      { text: "We publish how we handle your data in plain language.", linkLabel: "Privacy Policy", to: "/privacy" },
      { text: "We welcome reports from security researchers and respond quickly.", linkLabel: "Responsible Disclosure Policy", to: "/security" },
      { text: "We answer support questions from real people who know the product.", linkLabel: "Support", to: "/support" },
    ],
  },
  cta: {
    title: "We'd like to hear about your training",
    body: "Tell us what your people need to understand, and we'll show you how Dialogic can help.",
  },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its heading's. */
export const aboutMeta = {
  title: aboutCopy.header.title,
  description:
    "Dialogic exists so that what people learn at work is understood and remembered. Our mission, our approach and the teams we serve.",
  path: "/about",
  keywords: ["about Dialogic", "mission", "AI training company"],
} satisfies PageMetaInput;
