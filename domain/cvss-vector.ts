/**
 * A CVSS vector as text (docs/decisions/195): the versions the team may use, their base metrics,
 * and the edits the calculator makes. No scoring here (that is domain/cvss.ts, with the
 * calculator library), so the assessment form can use these without loading the library.
 */
export const CVSS_VERSIONS = ["CVSS:4.0", "CVSS:3.1"] as const;
export type CvssVersion = (typeof CVSS_VERSIONS)[number];

/** The base metrics of each version, in the order the specifications write them. */
export const BASE_METRICS: Record<CvssVersion, readonly string[]> = {
  "CVSS:4.0": ["AV", "AC", "AT", "PR", "UI", "VC", "VI", "VA", "SC", "SI", "SA"],
  "CVSS:3.1": ["AV", "AC", "PR", "UI", "S", "C", "I", "A"],
};

export const CVSS_VECTOR_MAX = 300;

export function isCvssVersion(value: string): value is CvssVersion {
  return (CVSS_VERSIONS as readonly string[]).includes(value);
}

/** A vector's version and its metrics as written ("AV" → "N"), in order; the version is null without a known prefix. */
export function readCvssVector(raw: string): { version: CvssVersion | null; metrics: [string, string][] } {
  const parts = raw.trim().split("/").filter(Boolean);
  const version = parts[0] && isCvssVersion(parts[0]) ? parts[0] : null;
  const metrics = (version ? parts.slice(1) : parts).flatMap((part): [string, string][] => {
    const match = /^([A-Za-z]+):([A-Za-z]+)$/.exec(part);
    return match ? [[match[1]!, match[2]!]] : [];
  });
  return { version, metrics };
}

/**
 * The prefixes a vector pasted without one could take: none when it has a prefix or is not a
 * list of metrics; one when its metrics name a single version (AT or VC only in 4.0, S or C only
 * in 3.1); both when they fit either.
 */
export function missingCvssPrefixes(raw: string): CvssVersion[] {
  const text = raw.trim();
  if (text === "" || /^CVSS:/i.test(text)) return [];
  if (!/^[A-Za-z]+:[A-Za-z]+(\/[A-Za-z]+:[A-Za-z]+)*\/?$/.test(text)) return [];
  const names = readCvssVector(text).metrics.map(([name]) => name);
  return CVSS_VERSIONS.filter((version) => names.filter((name) => isBaseMetricName(name)).every((name) => BASE_METRICS[version].includes(name)));
}

function isBaseMetricName(name: string): boolean {
  return CVSS_VERSIONS.some((version) => BASE_METRICS[version].includes(name));
}

export function withCvssPrefix(raw: string, version: CvssVersion): string {
  return `${version}/${raw.trim().replace(/^\/+/, "")}`;
}

/**
 * The vector with one base metric set: the base metrics in their order, then any other metric
 * as it was written. A vector of another version, or none, starts from the version's prefix.
 */
export function setCvssMetric(raw: string, version: CvssVersion, metric: string, value: string): string {
  const current = readCvssVector(raw);
  const given = new Map(current.version === version ? current.metrics : []);
  given.set(metric, value);
  const base = BASE_METRICS[version].filter((name) => given.has(name));
  const others = [...given.keys()].filter((name) => !BASE_METRICS[version].includes(name));
  return [version, ...[...base, ...others].map((name) => `${name}:${given.get(name)}`)].join("/");
}
