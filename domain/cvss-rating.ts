/**
 * A CVSS score in words, on its own so that the reporter's case page can say it without the
 * calculator or the team's triage rules (docs/decisions/214).
 */

/** The qualitative rating of a CVSS 3.1 or 4.0 score (the same bands in both). */
export function cvssRating(score: number): "None" | "Low" | "Medium" | "High" | "Critical" {
  if (score === 0) return "None";
  if (score < 4) return "Low";
  if (score < 7) return "Medium";
  if (score < 9) return "High";
  return "Critical";
}

/** A score with its band, as the team's and the reporter's screens say it: "7.5 (High)". */
export function scoreWords(score: number): string {
  return `${score.toFixed(1)} (${cvssRating(score)})`;
}
