// Type-only proof (checked by `npm run typecheck`, never run): a filter without its query clause,
// or without its label on the dashboard, does not compile.
import type { AnalyticsFilter, AnalyticsFilterKind } from "../../domain/analytics";
import { assertNever } from "../../domain/exhaustive";
import { filterClauseTable } from "./filter-clauses.server";

// @ts-expect-error a table without `campaign` has no clause for one filter
export const missingClause: typeof filterClauseTable = { path: filterClauseTable.path, source: filterClauseTable.source };

// @ts-expect-error a label for each filter: one left out is refused
export const missingLabel = { path: "Page", source: "Source" } satisfies Record<AnalyticsFilterKind, string>;

export function missingCase(filter: AnalyticsFilter): string {
  switch (filter.kind) {
    case "path":
    case "source":
      return filter.value;
    default:
      // @ts-expect-error `campaign` is still possible here, so this is not `never`
      return assertNever(filter, "analytics filter");
  }
}
