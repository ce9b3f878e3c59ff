import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { AppDatabase } from "./database.server";
import * as blogPosts from "./migrations/0001-blog-posts";
import * as rateLimits from "./migrations/0002-rate-limits";
import * as mailOutbox from "./migrations/0003-mail-outbox";
import * as adminAuth from "./migrations/0004-admin-auth";
import * as contactMessages from "./migrations/0006-contact-messages";
import * as securityReports from "./migrations/0007-security-reports";

/**
 * Every migration, in order. Listed explicitly (not read from disk) so the bundled
 * server carries them; the same list runs on SQLite and PostgreSQL.
 */
const migrations: Record<string, Migration> = {
  "0001-blog-posts": blogPosts,
  "0002-rate-limits": rateLimits,
  "0003-mail-outbox": mailOutbox,
  "0004-admin-auth": adminAuth,
  "0006-contact-messages": contactMessages,
  "0007-security-reports": securityReports,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies pending migrations; throws with the failing migration's name. `schema` names the
 * PostgreSQL schema holding Kysely's migration tables when it is not the only one in use:
 * without it Kysely looks for them in every schema of the database (tests, each in a schema of
 * their own, would then see each other's tables and skip creating their own).
 */
export async function migrateToLatest(db: AppDatabase, options: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: options.schema });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const where = failed ? ` in ${failed.migrationName}` : "";
    throw new Error(`Migration failed${where}: ${String(error)}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}
