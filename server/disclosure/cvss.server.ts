import cvssCalculator from "ae-cvss-calculator";

/**
 * A CVSS vector the team gives a report, checked and scored by a maintained calculator
 * (ae-cvss-calculator). The calculator is lenient (it fills missing metrics with "not defined"
 * and lets a repeated metric win), so a vector is taken only when it is CVSS 4.0 or 3.1, names
 * each base metric once, and reads back the same after parsing.
 */
const BASE_METRICS = {
  "CVSS:4.0": ["AV", "AC", "AT", "PR", "UI", "VC", "VI", "VA", "SC", "SI", "SA"],
  "CVSS:3.1": ["AV", "AC", "PR", "UI", "S", "C", "I", "A"],
} as const;

export const CVSS_VECTOR_MAX = 300;

export const cvssMessages = {
  invalid: "Enter a complete CVSS 4.0 or 3.1 vector, such as CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N",
} as const;

export type CvssScore = { vector: string; version: keyof typeof BASE_METRICS; score: number };

export function scoreCvss(raw: string): { ok: true; cvss: CvssScore } | { ok: false; error: string } {
  const vector = raw.trim();
  const refused = { ok: false as const, error: cvssMessages.invalid };
  if (vector.length === 0 || vector.length > CVSS_VECTOR_MAX) return refused;
  const [prefix, ...parts] = vector.split("/");
  const version = prefix as keyof typeof BASE_METRICS;
  const required = BASE_METRICS[version];
  if (!required) return refused;
  const given = new Map<string, string>();
  for (const part of parts) {
    const match = /^([A-Za-z]+):([A-Za-z]+)$/.exec(part);
    if (!match || given.has(match[1]!)) return refused;
    given.set(match[1]!, match[2]!);
  }
  if (required.some((metric) => !given.has(metric) || given.get(metric) === "X")) return refused;
  let parsed: ReturnType<typeof cvssCalculator.fromVector>;
  try {
    parsed = cvssCalculator.fromVector(vector);
  } catch {
    return refused;
  }
  if (!parsed || parsed.getVectorName() !== version) return refused;
  // Every metric given must survive parsing with its value (an unknown value is dropped).
  const readBack = new Set(parsed.toString().split("/").slice(1));
  if ([...given].some(([metric, value]) => !readBack.has(`${metric}:${value}`))) return refused;
  const score = Number(parsed.calculateScores().overall);
  if (!Number.isFinite(score)) return refused;
  return { ok: true, cvss: { vector, version, score } };
}
