import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL introspection lists every column of every table in every schema of the database, and
 * names each schema and table again by its text (`has_schema_privilege(nspname, ...)`,
 * `pg_get_serial_sequence('schema.table', ...)`). Its migrator runs it at every start to see whether its own
 * two tables exist. Those by-name lookups see the latest catalog, not the query's snapshot: a schema dropped
 * by another session while the query runs fails it with `relation "t_….x" does not exist` or `schema "t_…"
 * does not exist`. The tests give each app a schema of its own in one shared database and drop it when the
 * app closes, so with two test files at a time one file's migration failed when the other's app closed at
 * that moment (the error named the other file's schema). Here the app sees only the schemas of its own
 * search path (`current_schemas`), which no one drops under it, and looks nothing up by name; the cost no
 * longer grows with the other schemas in the database either.
 */
export class SearchPathIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #kysely: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#kysely = new PostgresIntrospector(db);
  }

  /** Every schema's name (a catalog read by the query's own snapshot: nothing to fail). */
  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#kysely.getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }) {
    const { rows } = await sql<ColumnRow>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
        c.relname as table, c.relkind as table_type, ns.nspname as schema,
        typ.typname as type, dtns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as column_description,
        (a.attidentity <> '' or exists (
          select 1 from pg_catalog.pg_depend d
          join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
          where d.classid = 'pg_catalog.pg_class'::regclass and d.refclassid = 'pg_catalog.pg_class'::regclass
            and d.refobjid = c.oid and d.refobjsubid = a.attnum and d.deptype in ('a', 'i')
        )) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where c.relkind in ('r', 'v', 'p')
        and ns.nspname = any (current_schemas(false))
        and a.attnum >= 0 and not a.attisdropped
        ${options.withInternalKyselyTables ? sql`` : sql`and c.relname not in ('kysely_migration', 'kysely_migration_lock')`}
      order by ns.nspname, c.relname, a.attnum`.execute(this.#db);
    return tablesOf(rows);
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

type ColumnRow = {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: boolean;
};

/** Rows ordered by schema, table and column position, grouped into tables as Kysely describes them. */
function tablesOf(rows: ColumnRow[]): TableMetadata[] {
  const tables = new Map<string, TableMetadata>();
  for (const r of rows) {
    const key = `${r.schema}.${r.table}`;
    let table = tables.get(key);
    if (!table) {
      table = { name: r.table, schema: r.schema, isView: r.table_type === 'v', columns: [] };
      tables.set(key, table);
    }
    table.columns.push({
      name: r.column,
      dataType: r.type,
      dataTypeSchema: r.type_schema,
      isAutoIncrementing: r.auto_incrementing,
      isNullable: !r.not_null,
      hasDefaultValue: r.has_default,
      ...(r.column_description !== null ? { comment: r.column_description } : {}),
    });
  }
  return [...tables.values()];
}

/** Kysely's PostgreSQL dialect with the introspection above (the migrator's check of its own tables). */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
