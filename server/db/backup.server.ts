import { existsSync } from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { copyRows, tableCounts, verifyCopy, type CopyCounts, type CopySteps } from "./copy-database.server";
import { createDatabase, isPostgres, truncateWriteAheadLog, type AppDatabase } from "./database.server";
import { migrateToLatest } from "./migrate.server";

/**
 * Writes an online, consistent backup of the running site's database to `file`, a new SQLite
 * file (restore it as DATA_DIR/site.db, or move it anywhere with copy-db). Writers go on meanwhile:
 * SQLite's VACUUM INTO reads one snapshot; on PostgreSQL the rows are read in one REPEATABLE READ
 * transaction, which sees one snapshot too. The backup is verified against that snapshot. The
 * day's analytics salt and hashes stay behind (decision 175): the copy of the SQLite file has them
 * deleted and is rebuilt without a trace of them before it is handed over.
 */
export async function backupDatabase(db: AppDatabase, file: string, steps: CopySteps): Promise<CopyCounts> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists; name a new file for the backup.`);
  if (!isPostgres(db)) {
    await sql`vacuum into ${target}`.execute(db);
    const backup = createDatabase({ kind: "sqlite", file: target });
    try {
      await leaveOut(backup, steps.leftOut);
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(backup);
      if (rows[0]?.integrity_check !== "ok") throw new Error(`The backup failed SQLite's integrity check: ${rows[0]?.integrity_check}`);
      return await tableCounts(backup);
    } finally {
      await backup.destroy();
    }
  }
  const backup = createDatabase({ kind: "sqlite", file: target });
  try {
    await migrateToLatest(backup);
    return await db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (snapshot) => {
        await copyRows(snapshot, backup, steps);
        return verifyCopy(snapshot, backup, steps);
      });
  } finally {
    await backup.destroy();
  }
}

/** Deletes the rows that stay behind from a fresh SQLite backup and rebuilds the file without them. */
async function leaveOut(backup: AppDatabase, tables: readonly string[]): Promise<void> {
  for (const table of tables) await (backup as unknown as Kysely<Record<string, Record<string, unknown>>>).deleteFrom(table).execute();
  await sql`vacuum`.execute(backup);
  await truncateWriteAheadLog(backup);
}
