/** The public thanks page of the disclosure program (docs/decisions/144). */
export const acknowledgmentsCopy = {
  title: "Security acknowledgments",
  lead: "We thank the researchers who reported vulnerabilities to us under our disclosure policy and helped us fix them. Reporters appear here only when they chose to be credited.",
  empty: "No acknowledgments yet.",
  resolvedIn: "Resolved",
  policyLink: "Read our disclosure policy",
} as const;

export const acknowledgmentsMeta = {
  title: "Security acknowledgments",
  description: "The security researchers who reported vulnerabilities to Dialogic and chose to be credited.",
  path: "/security/acknowledgments",
} as const;
