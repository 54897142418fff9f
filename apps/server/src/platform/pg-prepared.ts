import pg from 'pg';

/**
 * PostgreSQL parses and plans every query Kysely sends (node-postgres' unnamed statements): 60 to 95 µs a
 * simple indexed read on this machine, against 31 µs for the same query prepared once on the connection
 * (issue 14). Kysely's SQL text is stable per query shape, values bound, so each text gets a name and
 * node-postgres prepares it once per pooled connection, then only binds and executes it.
 *
 * Only reads and writes are named (not BEGIN, COMMIT or a lock statement), and at most `NAMED_MAX` texts,
 * so a connection holds a bounded set. A prepared statement whose table changed shape under it (`select *`
 * after a column was added) fails with "cached plan must not change result type": that text gets a new name,
 * and the query runs again when it ran alone (in a transaction the error aborts the transaction, and the
 * next call prepares anew). Migrations at start rename every text (`renamePreparedQueries`); a migration
 * run by another instance while this one serves can so fail one transaction per connection and text.
 */
const NAMED_MAX = 2_000;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
const names = new Map<string, string>();
let issued = 0;

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_MAX && NAMEABLE.test(text))
    names.set(text, (name = `k${issued++}`));
  return name;
}

/**
 * New names for every text from now on: after migrations, so that no statement prepared against the tables'
 * old shapes (the migrations' own reads) is used again.
 */
export function renamePreparedQueries() {
  names.clear();
}

const isStalePlan = (err: unknown) =>
  (err as { code?: string }).code === '0A000' && /cached plan/.test(String((err as Error).message));

type Query = (...args: unknown[]) => Promise<unknown>;

/** Names Kysely's queries (`query(text, values)`) on a new pooled client; every other call goes as it is. */
export function prepareQueries(client: pg.ClientBase) {
  const run = client.query.bind(client) as Query;
  const query: Query = (...args) => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return run(...args);
    const name = nameOf(text);
    if (!name) return run(text, values);
    return run({ name, text, values }).catch((err: unknown) => {
      if (!isStalePlan(err)) throw err;
      const renamed = `k${issued++}`;
      names.set(text, renamed);
      return run({ name: renamed, text, values });
    });
  };
  client.query = query as typeof client.query;
}
