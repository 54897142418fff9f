import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Migrations run against whatever schema existed at their time, so they use an untyped Kysely. */
export type AnyDb = Kysely<any>;

/** Adds the engine's auto-increment primary key (see architecture 6a). */
export function withId<T extends string>(engine: Engine, t: CreateTableBuilder<T, never>) {
  return engine === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** An integer counter or flag starting at 0. */
export const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/** A 0/1 flag with a check constraint (architecture 6a). */
export const flag01 =
  (column: string, initial: 0 | 1 = 0) =>
  (c: ColumnDefinitionBuilder) =>
    c
      .notNull()
      .defaultTo(initial)
      .check(sql`${sql.ref(column)} in (0, 1)`);

/** An epoch-milliseconds instant that must be set. */
export const ms = (c: ColumnDefinitionBuilder) => c.notNull();
