import { hasCampaign, type DeviceClass, type VisitSource } from "../../domain/analytics";

type Campaign = { source: string; medium: string; campaign: string };

/**
 * How a visit's source is kept in the `analytics_sources` roll-up: one row per day, dimension and
 * value, each visitor counted once in each dimension. The report reads each dimension on its
 * own, and a row per combination of them would be thousands a day instead of a few hundred.
 */
export const SOURCE_DIMENSIONS = ["landing", "referrer", "campaign", "device"] as const;
export type SourceDimension = (typeof SOURCE_DIMENSIONS)[number];

/** The dimensions whose values the client writes (the Referer header, the query's UTM values). */
export const OPEN_DIMENSIONS: readonly SourceDimension[] = ["referrer", "campaign"];
/** Distinct values of an open dimension kept per day; later new ones are counted as `OTHER_VALUE`. */
export const OPEN_VALUES_PER_DAY = 1000;
export const OTHER_VALUE = "(other)";

/** Between a campaign's source, medium and name: stored values never hold control characters. */
const CAMPAIGN_SEPARATOR = "\n";

/** The values one visit counts for; a visit without UTM values has no campaign. */
export function sourceValues(source: VisitSource, device: DeviceClass): { dimension: SourceDimension; value: string }[] {
  const values: { dimension: SourceDimension; value: string }[] = [
    { dimension: "landing", value: source.landing_path },
    { dimension: "referrer", value: source.referrer_host },
    { dimension: "device", value: device },
  ];
  if (hasCampaign(source)) {
    values.push({ dimension: "campaign", value: campaignKey({ source: source.utm_source, medium: source.utm_medium, campaign: source.utm_campaign }) });
  }
  return values;
}

/**
 * A campaign as one string: the roll-up's value, and the key that matches a campaign's visitors,
 * leads and clicks.
 */
export function campaignKey({ source, medium, campaign }: Campaign): string {
  return [source, medium, campaign].join(CAMPAIGN_SEPARATOR);
}

/**
 * The crossed roll-up's dimension that keeps a visit's referrer, campaign and device together
 * (decision 225): what combined filters read. Tabs cannot occur in stored values.
 */
export const VISIT_DIMENSION = "visit";
const VISIT_SEPARATOR = "\t";
type VisitKey = { referrer_host: string; campaign: string; device: string };

export function visitValue({ referrer_host, campaign, device }: VisitKey): string {
  return [referrer_host, campaign, device].join(VISIT_SEPARATOR);
}

export function visitOfValue(value: string): VisitKey {
  const [referrer_host = "", campaign = "", device = ""] = value.split(VISIT_SEPARATOR);
  return { referrer_host, campaign, device };
}

/** A campaign row's value read back. */
export function campaignOfValue(value: string): Campaign {
  const [source = "", medium = "", campaign = ""] = value.split(CAMPAIGN_SEPARATOR);
  return { source, medium, campaign };
}
