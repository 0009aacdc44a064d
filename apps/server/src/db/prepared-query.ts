import type { Executor } from './executor.ts';

/**
 * A query built once per database handle and run as a named statement: drizzle skips building its
 * SQL on every call, and PostgreSQL parses and plans it once per connection. For the few queries
 * every dashboard call runs (its session, its store); each needs its own statement name.
 */
export function preparedQuery<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
