import { sql, type RawBuilder } from "kysely";
import type { AnalyticsFilter, AnalyticsFilterKind } from "../../domain/analytics";
import { campaignOfValue } from "./visit-sources.server";

/**
 * Where a filter's traffic is kept: a page in its own roll-up, a referrer host or campaign in the
 * crossed roll-ups (dimension, value) and the visits (column) of migration 0055.
 */
export type FilteredTrafficSource =
  | { by: "page"; path: string }
  | { by: "visit"; dimension: "referrer" | "campaign"; column: "referrer_host" | "campaign"; value: string };

/** What each filter narrows: the traffic, and the leads and demo clicks by the visit that sent them. */
type FilterClauses = { traffic: FilteredTrafficSource; conversions: RawBuilder<boolean> };

/** One clause per filter (decision 185): the one place on the server that tells the filters apart (exported for its type check). */
export const filterClauseTable: { [Kind in AnalyticsFilterKind]: (value: string) => FilterClauses } = {
  path: (path) => ({ traffic: { by: "page", path }, conversions: sql<boolean>`landing_path = ${path}` }),
  source: (host) => ({
    traffic: { by: "visit", dimension: "referrer", column: "referrer_host", value: host },
    conversions: sql<boolean>`referrer_host = ${host}`,
  }),
  campaign: (value) => {
    const { source, medium, campaign } = campaignOfValue(value);
    return {
      traffic: { by: "visit", dimension: "campaign", column: "campaign", value },
      conversions: sql<boolean>`(utm_source = ${source} and utm_medium = ${medium} and utm_campaign = ${campaign})`,
    };
  },
};

export function filterClauses(filter: AnalyticsFilter): FilterClauses {
  return filterClauseTable[filter.kind](filter.value);
}

/** Leads and demo clicks matching a filter (all of them without one). */
export function conversionsMatching(filter: AnalyticsFilter | undefined): RawBuilder<boolean> {
  return filter ? filterClauses(filter).conversions : sql<boolean>`1 = 1`;
}
