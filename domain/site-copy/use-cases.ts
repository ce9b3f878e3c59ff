import type { PageIcon as IconName } from "../page-blocks";

export type UseCaseId = "onboarding" | "compliance" | "sales" | "customer";

/** The use cases shown on the home page and /solutions. */
export type UseCase = {
  /** Anchor on /solutions, and the key of what that page says of it (solutions.ts). */
  id: UseCaseId;
  icon: IconName;
  title: string;
  summary: string;
};

/** The four named use cases, in the order every page lists them. */
export const useCases: readonly UseCase[] = [
  {
    id: "onboarding",
    icon: "onboarding",
    title: "Onboarding and upskilling",
    summary:
      "New hires talk through your handbook, processes and tools from day one, and managers see who is ready before they meet their first customer.",
  },
  {
    id: "compliance",
    icon: "compliance",
    title: "Compliance",
    summary:
      "Policies become scenarios people have to reason through, with a defensible record of what each employee understood, not just that they clicked to the end.",
  },
  {
    id: "sales",
    icon: "sales",
    title: "Sales and product training",
    summary:
      "Reps rehearse discovery, objections and positioning against your own playbooks and product sheets, and keep pace with every release.",
  },
  {
    id: "customer",
    icon: "customer",
    title: "Customer training",
    summary:
      "Customers and partners learn your product by asking questions in their own words, so adoption grows and support tickets shrink.",
  },
];
