import { sql, type RawBuilder } from "kysely";
import type { AnalyticsFilter, AnalyticsFilterKind } from "../../domain/analytics";
import { campaignOfValue } from "./visit-sources.server";

/**
 * What filters narrow the traffic to: a page, a referrer host, a campaign, or any of them together
 * (decision 225). One of them is read from the roll-ups of migration 0055 by that dimension;
 * several from the crossed roll-up's "visit" dimension (visit-sources.server.ts).
 */
export type VisitMatch = { path?: string; referrer_host?: string; campaign?: string };

/** What each filter narrows: the traffic, and the leads and demo clicks by the visit that sent them. */
type FilterClauses = { traffic: VisitMatch; conversions: RawBuilder<boolean> };

/**
 * The source a lead or demo click counts under: they keep their fields as sent, so the rule of
 * `sourceHost` (domain/analytics.ts) is applied where they are read.
 */
export const CONVERSION_SOURCE = sql<string>`(case when referrer_host = '' then utm_source else referrer_host end)`;

/** One clause per filter (decision 185): the one place on the server that tells the filters apart (exported for its type check). */
export const filterClauseTable: { [Kind in AnalyticsFilterKind]: (value: string) => FilterClauses } = {
  path: (path) => ({ traffic: { path }, conversions: sql<boolean>`landing_path = ${path}` }),
  source: (host) => ({ traffic: { referrer_host: host }, conversions: sql<boolean>`${CONVERSION_SOURCE} = ${host}` }),
  campaign: (value) => {
    const { source, medium, campaign } = campaignOfValue(value);
    return {
      traffic: { campaign: value },
      conversions: sql<boolean>`(utm_source = ${source} and utm_medium = ${medium} and utm_campaign = ${campaign})`,
    };
  },
};

function clausesOf(filters: readonly AnalyticsFilter[]): FilterClauses[] {
  return filters.map((filter) => filterClauseTable[filter.kind](filter.value));
}

/** The traffic all the filters allow together; undefined without a filter. */
export function trafficMatch(filters: readonly AnalyticsFilter[]): VisitMatch | undefined {
  return filters.length === 0 ? undefined : Object.assign({}, ...clausesOf(filters).map((clauses) => clauses.traffic));
}

/** Leads and demo clicks matching every filter (all of them without one). */
export function conversionsMatching(filters: readonly AnalyticsFilter[]): RawBuilder<boolean> {
  if (filters.length === 0) return sql<boolean>`1 = 1`;
  return sql<boolean>`(${sql.join(clausesOf(filters).map((clauses) => clauses.conversions), sql` and `)})`;
}
