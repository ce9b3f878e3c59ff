import { inChunks } from "../db/chunks.server";
import type { AppDatabase } from "../db/database.server";

/**
 * What one client (its address, as `clientHash` keys it) may add to a day's analytics
 * (docs/decisions/175). A client that changes its user agent, referrer or query at every request
 * would otherwise add a visitor and a new referrer host or campaign each time, and use up the
 * day's room for new values (OPEN_VALUES_PER_DAY) before real sources arrive.
 */
export const CLIENT_ALLOWANCES = {
  /** Visitors (distinct user agents) of one address a day: an office or a household, not a flood. */
  visitors: 50,
  /** New referrer hosts and campaigns one address brings a day, beyond which they count as "(other)". */
  open_values: 10,
} as const;

export type ClientAllowance = keyof typeof CLIENT_ALLOWANCES;

/**
 * Takes what each client wants of its allowance for `day` and answers how much it got. One
 * upsert per chunk adds the wants to the clients' counts and returns the totals, so processes
 * writing at once never grant more than the allowance between them.
 */
export async function takeAllowance(
  trx: AppDatabase,
  day: string,
  allowance: ClientAllowance,
  wanted: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const limit = CLIENT_ALLOWANCES[allowance];
  const granted = new Map<string, number>();
  for (const chunk of inChunks([...wanted].filter(([, count]) => count > 0))) {
    const rows = await trx
      .insertInto("analytics_clients")
      .values(chunk.map(([client, count]) => ({ day, client, [allowance]: count })))
      .onConflict((conflict) =>
        conflict.columns(["day", "client"]).doUpdateSet((eb) => ({
          [allowance]: eb(`analytics_clients.${allowance}`, "+", eb.ref(`excluded.${allowance}`)),
        })),
      )
      .returning(["client", allowance])
      .execute();
    for (const row of rows) {
      const count = wanted.get(row.client) ?? 0;
      const before = Number(row[allowance]) - count;
      granted.set(row.client, Math.max(0, Math.min(count, limit - before)));
    }
  }
  return granted;
}
