import type { PageMetaInput } from "../lib/meta";
import { SUBMIT_REPORT } from "./security-submit-title";

/** Per-route metadata defaults: the words a marketer tunes for search and social cards. */
export const pageMetaDefaults = {
  home: {
    title: "Dialogic | Conversation-based training from your own content",
    description:
      "Dialogic turns your documents, policies and presentations into conversation-based training. Employees learn by talking it through, and you measure understanding, not completion.",
    path: "/",
    keywords: ["AI training platform", "corporate training", "conversational learning", "L&D"],
  },
  solutions: {
    title: "Solutions",
    description:
      "Onboarding and upskilling, compliance, sales and product training, customer training: see how teams use Dialogic to turn their content into conversations that stick.",
    path: "/solutions",
    keywords: ["onboarding training", "compliance training", "sales enablement", "customer training"],
  },
  howItWorks: {
    title: "How it works",
    description:
      "Upload your content, let the AI build the program, and employees learn through conversation. Three steps from documents to measurable understanding.",
    path: "/how-it-works",
    keywords: ["how Dialogic works", "AI course creation", "conversational training"],
  },
  features: {
    title: "Features",
    description:
      "Voice and text conversations, content-grounded answers, understanding analytics, and the controls enterprises need. Explore the Dialogic feature set.",
    path: "/features",
    keywords: ["AI tutor", "training analytics", "voice learning", "enterprise training features"],
  },
  science: {
    title: "About",
    description:
      "The learning science behind Dialogic: retrieval practice, elaboration and feedback, and how conversation makes all four Kirkpatrick levels measurable.",
    path: "/science",
    keywords: ["learning science", "Kirkpatrick model", "forgetting curve", "training evaluation"],
  },
  about: {
    title: "About us",
    description:
      "Dialogic exists so that what people learn at work is understood and remembered. Our mission, our approach and the teams we serve.",
    path: "/about",
    keywords: ["about Dialogic", "mission", "AI training company"],
  },
  contact: {
    title: "Contact",
    description: "Talk to the Dialogic team about conversation-based training for your organization.",
    path: "/contact",
    keywords: ["contact Dialogic", "training platform demo"],
  },
  support: {
    title: "Support",
    description: "Answers to common questions about Dialogic, and how to reach our support team.",
    path: "/support",
    keywords: ["Dialogic support", "FAQ"],
  },
  security: {
    title: "Responsible Disclosure Policy",
    description:
      "How to report a security vulnerability in Dialogic, what is in scope, and our commitment to researchers acting in good faith.",
    path: "/security",
    keywords: ["responsible disclosure", "vulnerability disclosure policy", "security"],
  },
  securitySubmit: {
    title: SUBMIT_REPORT,
    description: "Report a security vulnerability in Dialogic to our security team.",
    path: "/security/submit",
    keywords: ["report vulnerability", "security report"],
  },
  blog: {
    title: "Blog",
    description:
      "AI training insights: articles on learning science, compliance, onboarding and measuring what employees really understand.",
    path: "/blog",
    keywords: ["AI training blog", "L&D insights", "learning science articles"],
  },
  privacy: {
    title: "Privacy Policy",
    description: "How Dialogic collects, uses and protects information, including organizational and employee data.",
    path: "/privacy",
    keywords: ["privacy policy", "data protection"],
  },
  terms: {
    title: "Terms of Use",
    description: "The terms that govern the use of the Dialogic platform and website.",
    path: "/terms",
    keywords: ["terms of use", "terms of service"],
  },
  notFound: {
    title: "Page not found",
    description: "The page you are looking for does not exist.",
    path: "/404",
    noindex: true,
  },
} satisfies Record<string, PageMetaInput>;
