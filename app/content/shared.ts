/** Labels used on several pages. */
export const commonCopy = {
  requestDemo: "Request demo",
  seeHowItWorks: "See how it works",
  contactUs: "Contact us",
  exploreSolutions: "Explore solutions",
  learnMore: "Learn more",
  exploreFeatures: "Explore features",
} as const;

/** Text alternative of the forgetting-curve chart (home and /science). */
export const forgettingCurveLabel =
  "Chart of recall over 30 days. After a single training session, recall falls to about 10% by day 30. With conversation practice spaced over the month, recall stays above 80%.";
