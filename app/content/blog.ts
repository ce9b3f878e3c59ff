import { blogMessages } from "../../domain/blog";
import { linkedPageMeta } from "../../domain/site-copy/shared";

/** Copy of the public blog pages. Messages of the specification live in domain/blog.ts. */
export const blogCopy = {
  title: "AI training insights",
  lead: "Articles on learning science, compliance, onboarding and measuring what people really understand.",
  featuredHeading: "Featured Articles",
  latestHeading: "Latest articles",
  allHeading: "All articles",
  paginationLabel: "Blog pages",
  previousPage: "Previous",
  nextPage: "Next",
  pageLabel: (page: number) => `Page ${page}`,
  pageTitle: (page: number) => `Blog, page ${page}`,
  byAuthor: "By",
} as const;

export const articleCopy = {
  breadcrumbLabel: "Breadcrumb",
  home: "Home",
  blog: "Blog",
  share: "Share",
  loading: blogMessages.loadingPost,
  authorProfile: "View LinkedIn profile",
  opensInNewTab: "(opens in a new tab)",
  notFoundLead: "This article does not exist or is no longer published.",
  ctaTitle: "Ready to transform your learning?",
  ctaLead:
    "See how Dialogic turns your own documents into conversations that teach, and measures what your people understand.",
  ctaButton: "Get Started",
  ctaHref: "/#contact",
} as const;

/** The link label of a post card, by category (specification, section 2). */
const categoryLinkLabels: Record<string, string> = {
  "AI & Education": "Explore AI insights",
  Training: "Read the training guide",
  Assessment: "See how we measure",
  Technology: "Explore the technology",
  Research: "Read the research",
  General: "Read the article",
};

export const defaultLinkLabel = "Read More";

export function categoryLinkLabel(category: string): string {
  return categoryLinkLabels[category] ?? defaultLinkLabel;
}

export const blogImages = {
  placeholder: { src: "/blog-placeholder.svg", width: 1200, height: 675 },
  avatarPlaceholder: { src: "/avatar-placeholder.svg", width: 96, height: 96 },
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes; the title is its link's. */
export const blogMeta = linkedPageMeta("/blog", {
  description:
    "AI training insights: articles on learning science, compliance, onboarding and measuring what employees really understand.",
  keywords: ["AI training blog", "L&D insights", "learning science articles"],
});

/** Copy of search, category and author pages, related articles and the table of contents. */
export const readerCopy = {
  searchLabel: "Search articles",
  searchPlaceholder: "Search articles",
  searchButton: "Search",
  searchTitle: (query: string) => (query ? `Search: ${query}` : "Search articles"),
  searchHeading: (query: string) => (query ? `Results for “${query}”` : "Search articles"),
  searchLead: "Find articles by title, topic, author or any word in them.",
  searchResultCount: (count: number) => (count === 1 ? "1 article found" : `${count} articles found`),
  searchEmpty: (query: string) => `No articles match “${query}”`,
  searchPageTitle: (query: string, page: number) => `Search: ${query}, page ${page}`,
  searchDescription: "Search the Dialogic blog.",
  searchError: "Search is not available right now. Please try again later.",
  categoryEyebrow: "Category",
  categoryLead: (name: string) => `Articles about ${name}.`,
  categoryDescription: (name: string) => `Articles about ${name} on the Dialogic blog: AI training insights on learning science, compliance and onboarding.`,
  authorEyebrow: "Author",
  authorLead: (name: string) => `Articles by ${name}.`,
  authorDescription: (name: string) => `Articles by ${name} on the Dialogic blog: AI training insights on learning science, compliance and onboarding.`,
  listPageTitle: (name: string, page: number) => (page === 1 ? name : `${name}, page ${page}`),
  articlesHeading: "Articles",
  feedLabel: (name: string) => `RSS feed of ${name}`,
  relatedHeading: "Related articles",
  tocHeading: "On this page",
} as const;
