import { expect, test } from "vitest";
import type { PublicPostSummary } from "../../../domain/blog-post";
import type { PageBlock, PageBlockOf, PageBlockType } from "../../../domain/page-blocks";
import { everyBlock } from "../../../tests/helpers/every-block";
import { renderPage, renderPageAsServer } from "../../../tests/helpers/render-page";
import { PageBlocks } from "./page-blocks";

function blockOf<T extends PageBlockType>(type: T): PageBlockOf<T> {
  const block = everyBlock().find((candidate) => candidate.type === type);
  if (!block) throw new Error(`everyBlock() has no ${type} block`);
  return block as PageBlockOf<T>;
}

function render(blocks: PageBlock[], props: Omit<React.ComponentProps<typeof PageBlocks>, "blocks"> = {}) {
  return renderPage(<PageBlocks blocks={blocks} {...props} />);
}

/** The text a reader sees, tags dropped and spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

/** The texts of every element `tag` in order. */
function textsOf(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => textOf(match[1]!));
}

test("a feature hero is the home page's split hero: eyebrow, the page's h1, lead, demo and link buttons, highlights, illustration", async () => {
  const html = await render([blockOf("hero")]);
  expect(textsOf(html, "h1")).toEqual(["Onboard new sellers in weeks, not months"]);
  expect(textOf(html)).toContain("Sales enablement Onboard new sellers in weeks, not months Practice real conversations");
  expect(html).toMatch(/<a [^>]*href="https:\/\/cal\.example\/dialogic-demo" target="_blank" rel="noopener noreferrer">Request demo<\/a>/);
  expect(html).toMatch(/<a [^>]*href="\/how-it-works" data-site-link="" data-discover="true">See how it works<\/a>/);
  expect(textsOf(html, "li")).toEqual(["No setup fees", "Works with your playbooks", "Reports for every manager"]);
  expect(html).toContain("data-illustration=");
});

test("a header hero is the page header: its title the h1, its lead and its actions", async () => {
  const hero: PageBlockOf<"hero"> = { ...blockOf("hero"), style: "header", actions: [{ kind: "contact" }] };
  const html = await render([hero]);
  expect(html).toMatch(/^<header class="bg-gradient-to-b from-indigo-50 to-white">/);
  expect(textsOf(html, "h1")).toEqual(["Onboard new sellers in weeks, not months"]);
  expect(html).toMatch(/href="\/contact"[^>]*>Contact us<\/a>/);
});

test("a hero's uploaded image is shown with its size and smaller copies when the page gives them", async () => {
  const src = `/media/${"c3".repeat(32)}.jpg`;
  const hero: PageBlockOf<"hero"> = { ...blockOf("hero"), illustration: undefined, image: { src, alt: "A seller on a call", decorative: false } };
  const html = await render([hero], { images: { [src]: { width: 1600, height: 900, srcset: `${src} 1600w` } } });
  expect(html).toMatch(new RegExp(`<img src="${src}" srcSet="${src} 1600w" sizes="[^"]+" width="1600" height="900" alt="A seller on a call"`));
});

test("rich text is rendered as given, in the articles' prose style, under its heading", async () => {
  const block = blockOf("rich_text");
  const html = await render([block]);
  expect(textsOf(html, "h2")).toEqual(["Why practice beats slides"]);
  expect(html).toContain(`<div class="article-body mt-8">${block.html}</div>`);
});

test("feature cards: eyebrow, h2, lead, and a card per item with its h3", async () => {
  const html = await render([blockOf("feature_cards")]);
  expect(textsOf(html, "h2")).toEqual(["Everything a new seller needs"]);
  expect(textOf(html)).toContain("What you get Everything a new seller needs Three tools that work together from the first day.");
  expect(textsOf(html, "h3")).toEqual(["Role-play", "Progress", "Playbooks"]);
  expect(textOf(html)).toContain("Turn your best calls into practice scenarios in minutes.");
});

test("steps are a numbered list of cards with the link below", async () => {
  const html = await render([blockOf("steps")]);
  expect(textsOf(html, "h2")).toEqual(["Up and running in three steps"]);
  expect(textsOf(html, "li")).toEqual([
    "1 Upload your material Pitch decks, call notes and product sheets.",
    "2 Pick the scenarios Discovery calls, demos, renewals or pricing talks.",
    "3 Invite your team Everyone practises at their own pace.",
  ]);
  expect(html).toMatch(/href="\/blog\/onboarding-guide"[^>]*>Read the onboarding guide<\/a>/);
});

test("a statistic shows its figure beside its label, its text, its source as a citation and its cards", async () => {
  const html = await render([blockOf("statistic")]);
  expect(textsOf(html, "h2")).toEqual(["Training fades fast"]);
  expect(textOf(html)).toContain("70% of new information is forgotten within a day Spaced practice brings it back just before it slips away. Ebbinghaus, 1885");
  expect(html).toMatch(/<cite><a [^>]*href="https:\/\/en\.wikipedia\.org\/wiki\/Forgetting_curve" target="_blank"[^>]*>Ebbinghaus, 1885<\/a><\/cite>/);
  expect(html).toContain('role="img"');
  expect(textsOf(html, "h3")).toEqual(["Adaptive"]);
});

test("use cases: a card per audience, its link named after it for screen readers", async () => {
  const html = await render([blockOf("use_cases")]);
  expect(textsOf(html, "h2")).toEqual(["Built for teams that sell"]);
  expect(textsOf(html, "h3")).toEqual(["Sales teams", "Customer success"]);
  expect(html).toMatch(/href="\/use-cases\/sales"[^>]*>Sales<span class="sr-only"> about (<!-- -->)?sales teams<\/span>/);
  expect(textOf(html)).toContain("Rehearse renewals and difficult conversations.");
});

test("a FAQ is a group of disclosures sharing one name, each answer's rich text as given", async () => {
  const block = blockOf("faq");
  const html = await render([block]);
  expect(textsOf(html, "h2")).toEqual(["Questions we hear often"]);
  expect(textsOf(html, "summary")).toEqual(["How long does a session take?", "Can we use our own scenarios?"]);
  expect(html.match(/<details name="faq-faq"/g)).toHaveLength(2);
  for (const item of block.items) expect(html).toContain(`<div class="space-y-3 px-5 pb-5 text-slate-600">${item.answer}</div>`);
});

test("a comparison numbers its rows, names each column and ends with its statement", async () => {
  const html = await render([blockOf("comparison")]);
  expect(textsOf(html, "h2")).toEqual(["How practice compares"]);
  expect(textsOf(html, "h3")).toEqual(["Time to first call", "Feedback"]);
  expect(textOf(html)).toContain("Method 1 Time to first call How soon can a seller talk to customers? Classroom training Six weeks Practice with an AI buyer Two weeks");
  expect(textsOf(html, "dt")).toEqual(["Classroom training", "Practice with an AI buyer", "Classroom training", "Practice with an AI buyer"]);
  expect(textOf(html)).toContain("Practice is the difference. Teams that practise weekly close more deals in their first quarter.");
});

test("a step explorer is a tab list on wide screens and an accordion on phones, both in the server's HTML", async () => {
  const html = await render([blockOf("step_explorer")]);
  expect(textsOf(html, "h2")).toEqual(["A session, step by step"]);
  expect(html).toMatch(/role="tablist" aria-label="Steps of a session"/);
  expect(html.match(/role="tab"/g)).toHaveLength(2);
  expect(html).toMatch(/<ol aria-label="Steps of a session"/);
  expect(textOf(html)).toContain("Step 1 / 2 The recap picks the skills that are about to fade. Two questions One minute");
});

test("a quote is a figure: the words in a blockquote, the person, role and company with their photo in the caption", async () => {
  const html = await render([blockOf("quote")]);
  expect(textsOf(html, "blockquote")).toEqual(["Our new hires were on real calls two weeks earlier than before."]);
  expect(textsOf(html, "figcaption")).toEqual(["Maria Jensen Head of Sales, Northwind"]);
  expect(html).toMatch(/<figcaption[^>]*><img src="\/media\/[a1]{64}\.jpg" alt="Maria Jensen"/);
});

test("a logo strip lists its logos with their alt text, a linked one in its link, a decorative one with empty alt", async () => {
  const block = blockOf("logo_strip");
  block.logos.push({ image: { src: "https://logos.example.com/plain.svg", alt: "", decorative: true } });
  const html = await render([block]);
  expect(textsOf(html, "h2")).toEqual(["Trusted by sales teams at"]);
  expect(html).toMatch(/<a [^>]*href="https:\/\/northwind\.example\.com" target="_blank" rel="noopener noreferrer"><img src="https:\/\/logos\.example\.com\/northwind\.svg" alt="Northwind"/);
  expect(html).toMatch(/<img src="\/media\/[b2]{64}\.png" alt="Contoso"/);
  expect(html).toMatch(/<img src="https:\/\/logos\.example\.com\/plain\.svg" alt=""/);
  expect(html.match(/<li>/g)).toHaveLength(3);
});

test("an image is a figure with its alt text and caption", async () => {
  const html = await render([blockOf("image")]);
  expect(html).toMatch(/<figure><img src="\/media\/[b2]{64}\.png" alt="A seller practising a discovery call on a laptop"/);
  expect(textsOf(html, "figcaption")).toEqual(["Practice fits between two meetings."]);
});

test("a call to action is the indigo band with its h2, text, the demo button and Contact us", async () => {
  const html = await render([blockOf("cta")]);
  expect(textsOf(html, "h2")).toEqual(["See it with your own material"]);
  expect(textOf(html)).toContain("A thirty-minute demo with your playbook. Request demo Contact us");
  expect(html).toMatch(/href="\/contact"[^>]*>Contact us<\/a>/);
});

test("a call to action with one action shows one button", async () => {
  const cta: PageBlockOf<"cta"> = { ...blockOf("cta"), body: "", actions: [{ kind: "link", label: "Read the study", to: "https://research.example.com/study" }] };
  const html = await render([cta]);
  expect(html.match(/<a /g)).toHaveLength(1);
  expect(html).toMatch(/href="https:\/\/research\.example\.com\/study" target="_blank" rel="noopener noreferrer">Read the study<\/a>/);
});

test("a contact form is the contact page's form under the block's heading, posting to /contact without JavaScript", async () => {
  const html = await render([blockOf("contact_form")]);
  expect(textsOf(html, "h2")).toEqual(["Talk to us", "Other ways to reach us"]);
  expect(textOf(html)).toContain("We answer within one working day.");
  expect(html).toMatch(/<form [^>]*action="\/contact" method="post"/);
  expect(textsOf(html, "label")).toEqual(["Your name *", "Your email *", "Message *", "Leave this field empty"]);
  expect(html).toContain('<input type="hidden" name="landing_path" value=""/>');
  expect(textsOf(html, "button")).toEqual(["Send message"]);
});

test("a contact form without a title or lead takes the contact page's", async () => {
  const html = await render([{ ...blockOf("contact_form"), title: "", lead: "" }]);
  expect(textsOf(html, "h2")[0]).toBe("Send us a message");
  expect(textOf(html)).toContain("Fields marked * are required.");
});

test("latest posts are the blog list's cards, from what the page was given for the block", async () => {
  const post: PublicPostSummary = {
    slug: "spaced-practice",
    title: "Why spaced practice works",
    excerpt: "What a century of memory research says about training.",
    category: "Learning science",
    author_name: "Ana Ruiz",
    author_avatar_url: null,
    featured_image_url: null,
    read_time: "4 min read",
    featured: false,
    created_at: "2026-11-02T09:00:00.000Z",
    updated_at: "2026-11-02T09:00:00.000Z",
    featured_image_srcset: null,
    author_avatar_srcset: null,
  };
  const html = await render([blockOf("latest_posts")], { posts: { posts: [post] } });
  expect(textsOf(html, "h2")).toEqual(["From the blog"]);
  expect(textsOf(html, "h3")).toEqual(["Why spaced practice works"]);
  expect(textOf(html)).toContain("Learning science November 2, 2026 · 4 min read");
  expect(html).toMatch(/href="\/blog\/spaced-practice"/);
});

test("latest posts without posts show nothing", async () => {
  expect(await render([blockOf("latest_posts")])).toBe("");
});

test("a legal document: its effective date, a table of contents, and numbered sections with anchors", async () => {
  const block = blockOf("legal_document");
  const html = await render([block]);
  expect(html).toMatch(/<nav aria-label="On this page"/);
  expect(textOf(html)).toContain("Effective date: November 1, 2026");
  expect(textsOf(html, "h2")).toEqual(["On this page", "1. Accounts", "2. Your data"]);
  expect(html).toContain('<a href="#accounts"');
  expect(html).toMatch(/<section id="accounts" aria-labelledby="accounts-heading"/);
  expect(html).toContain(block.intro);
  for (const section of block.sections) expect(html).toContain(section.html);
});

test("every block renders, in order, and hidden ones are left out", async () => {
  const blocks = everyBlock();
  const shown = await render(blocks);
  const headings = textsOf(shown, "h2");
  expect(headings.indexOf("Why practice beats slides")).toBeLessThan(headings.indexOf("Questions we hear often"));
  expect(headings.indexOf("Questions we hear often")).toBeLessThan(headings.indexOf("See it with your own material"));
  const hidden = await render(blocks.map((block) => (block.type === "faq" || block.type === "quote" ? { ...block, hidden: true } : block)));
  expect(hidden).not.toContain("Questions we hear often");
  expect(hidden).not.toContain("Maria Jensen");
  expect(hidden).toContain("See it with your own material");
});

test("the block after a hero sits right under it; later blocks keep their gap", async () => {
  const [hero, richText, cards] = [blockOf("hero"), blockOf("rich_text"), blockOf("feature_cards")];
  const html = await render([hero, richText, cards]);
  expect(html).toMatch(/<section class="reveal mx-auto max-w-3xl px-4 sm:px-6" aria-labelledby="block-intro-heading"/);
  expect(html).toMatch(/<section class="reveal mx-auto mt-24 max-w-6xl px-4 sm:px-6" aria-labelledby="block-features-heading"/);
});

test("the server's render holds every block in place, nothing left hidden for a script to show", async () => {
  const html = await renderPageAsServer(<PageBlocks blocks={everyBlock()} />);
  expect(html).not.toMatch(/<div hidden="" id="S:/);
  expect(html).not.toContain("$RC");
  expect(textsOf(html, "label")).toContain("Your name *");
  expect(textsOf(html, "summary")).toEqual(["How long does a session take?", "Can we use our own scenarios?"]);
  expect(textsOf(html, "blockquote")).toEqual(["Our new hires were on real calls two weeks earlier than before."]);
});
