import type { AppDatabase } from "../db/database.server";

export type Acknowledgment = {
  name: string;
  url: string | null;
  /** "YYYY-MM": the month the report was resolved. */
  month: string;
  /** Only when the team marked the title publishable. */
  title: string | null;
};

/**
 * The public thanks (docs/decisions/144): resolved reports whose reporters chose to be named,
 * newest first. Nothing appears without the reporter's choice, and a title only with the team's.
 */
export async function listAcknowledgments(db: AppDatabase): Promise<Acknowledgment[]> {
  const rows = await db
    .selectFrom("security_reports")
    .select(["credit_name", "credit_url", "resolved_at", "vulnerability_title", "publish_title"])
    .where("status", "=", "resolved")
    .where("credit", "=", "named")
    .where("credit_name", "is not", null)
    .orderBy("resolved_at", "desc")
    .orderBy("id")
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    name: row.credit_name!,
    url: row.credit_url,
    month: (row.resolved_at ?? "").slice(0, 7),
    title: Number(row.publish_title) === 1 ? row.vulnerability_title : null,
  }));
}
