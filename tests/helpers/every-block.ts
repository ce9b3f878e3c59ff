import type { PageBlock } from "../../domain/page-blocks";
import type { AppDatabase } from "../../server/db/database.server";
import { storeImage } from "../../server/media/media.server";
import { samplePhoto } from "./sample-images";

/** An uploaded image's address (`/media/<sha256>.<ext>`) for blocks that show one. */
const PHOTO = `/media/${"a1".repeat(32)}.jpg`;
const PICTURE = `/media/${"b2".repeat(32)}.png`;

/**
 * One block of every type of the library, with realistic texts and every optional part filled:
 * what the page service must accept and the renderers must show. A fresh copy on each call.
 */
export function everyBlock(): PageBlock[] {
  return [
    {
      id: "hero",
      type: "hero",
      hidden: false,
      style: "feature",
      eyebrow: "Sales enablement",
      title: "Onboard new sellers in weeks, not months",
      lead: "Practice real conversations with an AI buyer that knows your product, your market and your objections.",
      actions: [{ kind: "demo" }, { kind: "link", label: "See how it works", to: "/how-it-works" }],
      highlights: ["No setup fees", "Works with your playbooks", "Reports for every manager"],
      illustration: "HeroIllustration",
    },
    {
      id: "intro",
      type: "rich_text",
      hidden: false,
      title: "Why practice beats slides",
      html: '<p>Sellers remember what they <strong>say</strong>, not what they read. Each session ends with feedback on <a href="/blog">what worked</a>.</p><ul><li>Five minutes a day</li><li>On any device</li></ul>',
    },
    {
      id: "features",
      type: "feature_cards",
      hidden: false,
      eyebrow: "What you get",
      title: "Everything a new seller needs",
      lead: "Three tools that work together from the first day.",
      cards: [
        { icon: "conversation", title: "Role-play", text: "Talk to a buyer who pushes back like your customers do." },
        { icon: "chart", title: "Progress", text: "See which skills each seller has mastered and which need work." },
        { title: "Playbooks", text: "Turn your best calls into practice scenarios in minutes." },
      ],
    },
    {
      id: "steps",
      type: "steps",
      hidden: false,
      eyebrow: "",
      title: "Up and running in three steps",
      lead: "",
      items: [
        { title: "Upload your material", text: "Pitch decks, call notes and product sheets." },
        { title: "Pick the scenarios", text: "Discovery calls, demos, renewals or pricing talks." },
        { title: "Invite your team", text: "Everyone practises at their own pace." },
      ],
      link: { label: "Read the onboarding guide", to: "/blog/onboarding-guide" },
    },
    {
      id: "statistic",
      type: "statistic",
      hidden: false,
      eyebrow: "The forgetting curve",
      title: "Training fades fast",
      figure: "70%",
      label: "of new information is forgotten within a day",
      body: "Spaced practice brings it back just before it slips away.",
      source: { label: "Ebbinghaus, 1885", url: "https://en.wikipedia.org/wiki/Forgetting_curve" },
      illustration: "ForgettingCurveFigure",
      cards: [{ icon: "adaptive", title: "Adaptive", text: "Sessions come back when a skill starts to fade." }],
    },
    {
      id: "use-cases",
      type: "use_cases",
      hidden: false,
      eyebrow: "Who it is for",
      title: "Built for teams that sell",
      lead: "",
      items: [
        { icon: "sales", title: "Sales teams", text: "Ramp new account executives faster.", link: { label: "Sales", to: "/use-cases/sales" } },
        { icon: "customer", title: "Customer success", text: "Rehearse renewals and difficult conversations." },
      ],
    },
    {
      id: "faq",
      type: "faq",
      hidden: false,
      title: "Questions we hear often",
      items: [
        { question: "How long does a session take?", answer: "<p>Most sessions take <em>five to ten minutes</em>.</p>" },
        { question: "Can we use our own scenarios?", answer: '<p>Yes: upload your material or <a href="/contact">ask us</a> to help.</p>' },
      ],
    },
    {
      id: "comparison",
      type: "comparison",
      hidden: false,
      eyebrow: "",
      title: "How practice compares",
      lead: "",
      row_label: "Method",
      columns: ["Classroom training", "Practice with an AI buyer"],
      rows: [
        { label: "Time to first call", question: "How soon can a seller talk to customers?", values: ["Six weeks", "Two weeks"] },
        { label: "Feedback", question: "", values: ["Once a quarter", "After every session"] },
      ],
      statement: "Practice is the difference.",
      statement_detail: "Teams that practise weekly close more deals in their first quarter.",
    },
    {
      id: "explorer",
      type: "step_explorer",
      hidden: false,
      title: "A session, step by step",
      list_label: "Steps of a session",
      step_label: "Step",
      steps: [
        {
          title: "Warm up",
          summary: "A short recap of what the seller learned last time.",
          details: "The recap picks the skills that are about to fade.",
          points: ["Two questions", "One minute"],
          illustration: "UploadIllustration",
        },
        { title: "Conversation", summary: "A role-play with the AI buyer.", details: "The buyer raises the objections your customers raise.", points: [] },
      ],
    },
    {
      id: "quote",
      type: "quote",
      hidden: false,
      text: "Our new hires were on real calls two weeks earlier than before.",
      name: "Maria Jensen",
      role: "Head of Sales",
      company: "Northwind",
      photo: { src: PHOTO, alt: "Maria Jensen", decorative: false },
    },
    {
      id: "logos",
      type: "logo_strip",
      hidden: false,
      title: "Trusted by sales teams at",
      logos: [
        { image: { src: "https://logos.example.com/northwind.svg", alt: "Northwind", decorative: false }, url: "https://northwind.example.com" },
        { image: { src: PICTURE, alt: "Contoso", decorative: false } },
      ],
    },
    {
      id: "picture",
      type: "image",
      hidden: false,
      image: { src: PICTURE, alt: "A seller practising a discovery call on a laptop", decorative: false },
      caption: "Practice fits between two meetings.",
    },
    {
      id: "cta",
      type: "cta",
      hidden: false,
      title: "See it with your own material",
      body: "A thirty-minute demo with your playbook.",
      actions: [{ kind: "demo" }, { kind: "contact" }],
    },
    { id: "contact", type: "contact_form", hidden: false, title: "Talk to us", lead: "We answer within one working day." },
    { id: "webinar-form", type: "form", hidden: false, form_id: "webinar", title: "Save your seat", lead: "Forty minutes, live, with questions." },
    { id: "posts", type: "latest_posts", hidden: false, title: "From the blog", category: "", count: 3 },
    {
      id: "terms",
      type: "legal_document",
      hidden: false,
      effective_date: "2026-11-01",
      intro: "<p>These terms apply to every workspace on the service.</p>",
      sections: [
        { id: "accounts", heading: "Accounts", html: "<p>You keep your password to yourself.</p>" },
        { id: "data", heading: "Your data", html: "<p>You own what you upload. We process it only to run the service.</p>" },
      ],
    },
  ];
}

/** Every block of the library, its pictures real images stored in `db` as an upload stores them. */
export async function everyBlockWithUploads(db: AppDatabase): Promise<PageBlock[]> {
  const [photo, picture] = await Promise.all(
    [samplePhoto(320, 320), samplePhoto(1200, 675, "png")].map(async (bytes) => {
      const stored = await storeImage(db, await bytes);
      if (!stored.ok) throw new Error("a sample image was not stored");
      return stored.url;
    }),
  );
  const json = JSON.stringify(everyBlock())
    .replace(/\/media\/(?:a1){32}\.jpg/g, photo!)
    .replace(/\/media\/(?:b2){32}\.png|https:\/\/logos\.example\.com\/northwind\.svg/g, picture!);
  return JSON.parse(json) as PageBlock[];
}
