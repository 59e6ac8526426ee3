import { sql } from 'drizzle-orm';

/** `('a', 'b', ...)` for a CHECK constraint over a fixed vocabulary. */
export function inList(values: readonly (string | number)[]) {
  return sql.raw(
    `(${values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(', ')})`,
  );
}
