import { PostgresDialect, sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from "kysely";

/**
 * PostgreSQL's dialect, whose introspection sees the connection's own schema only.
 *
 * Kysely's introspector lists the tables of every schema in the database, and calls functions that
 * look a schema up by name (`has_schema_privilege`, `pg_get_serial_sequence`). A schema another
 * client drops during that look fails it with 3F000, "schema ... does not exist": another copy of
 * the site in the same database, or the tests' schemas coming and going, could then fail a
 * migration. The migrator, the one reader of introspection here (decision 203), asks only whether
 * its tables exist: here, in its own schema (another copy's tables beside it do not count), read
 * by a plain catalog scan that nothing can vanish under.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return ownSchemaIntrospector(db);
  }
}

function ownSchemaIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
  /** The tables and views of the current schema, by name; their columns are not read. */
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
    `.execute(db);
    return rows.map(({ name, schema, kind }) => ({ name, schema, isView: kind === "v" || kind === "m", columns: [] }));
  };
  return {
    getSchemas: async () => (await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(db)).rows,
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
}
