import cvssCalculator from "ae-cvss-calculator";
import { BASE_METRICS, CVSS_VECTOR_MAX, isCvssVersion, type CvssVersion } from "./cvss-vector";

/**
 * A CVSS vector the team gives a report, checked and scored by a maintained calculator
 * (ae-cvss-calculator), the same code in the API and in the admin page's calculator
 * (docs/decisions/195). The calculator is lenient (it fills missing metrics with "not defined"
 * and lets a repeated metric win), so a vector is taken only when it is CVSS 4.0 or 3.1, names
 * each base metric once, and reads back the same after parsing.
 */
export const cvssMessages = {
  invalid: "Enter a complete CVSS 4.0 or 3.1 vector, such as CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N",
} as const;

export type CvssScore = { vector: string; version: CvssVersion; score: number };

export function scoreCvss(raw: string): { ok: true; cvss: CvssScore } | { ok: false; error: string } {
  const vector = raw.trim();
  const refused = { ok: false as const, error: cvssMessages.invalid };
  if (vector.length === 0 || vector.length > CVSS_VECTOR_MAX) return refused;
  const [version = "", ...parts] = vector.split("/");
  if (!isCvssVersion(version)) return refused;
  const given = new Map<string, string>();
  for (const part of parts) {
    const match = /^([A-Za-z]+):([A-Za-z]+)$/.exec(part);
    if (!match || given.has(match[1]!)) return refused;
    given.set(match[1]!, match[2]!);
  }
  if (BASE_METRICS[version].some((metric) => !given.has(metric) || given.get(metric) === "X")) return refused;
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

export type CvssMetricChoice = { metric: string; name: string; group: string; values: { value: string; name: string }[] };

/** The base metrics of a version as the calculator names them, grouped as the specification groups them. */
export function cvssBaseMetrics(version: CvssVersion): CvssMetricChoice[] {
  const vector = version === "CVSS:4.0" ? new cvssCalculator.Cvss4P0() : new cvssCalculator.Cvss3P1();
  const base = [...vector.getRegisteredComponents()].find(([category]) => category.name === "base")?.[1] ?? [];
  return base
    .filter((component) => BASE_METRICS[version].includes(component.shortName))
    .map((component) => ({
      metric: component.shortName,
      name: component.name,
      group: component.subCategory ?? "",
      // "Not defined" is no choice for a base metric; values the library hides are not offered either.
      values: component.values
        .filter((value) => value.shortName !== "X" && !value.hide)
        .map((value) => ({ value: value.shortName, name: value.name })),
    }));
}
