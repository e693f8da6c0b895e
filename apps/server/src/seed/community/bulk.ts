import type { Queryable } from '#server/db/client.ts';

/** Column name → SQL type; every value is cast, so a multi-row VALUES list never guesses text. */
export type Columns = Record<string, string>;

// PostgreSQL allows 65 535 parameters in one statement.
const MAX_PARAMS = 60_000;

/** Multi-row inserts in as few statements as the parameter limit allows: a seed of thousands of rows in a handful of round trips. */
export async function insertRows(q: Queryable, table: string, columns: Columns, rows: unknown[][], options: { explicitIds?: boolean } = {}) {
  const names = Object.keys(columns);
  const types = Object.values(columns);
  const perStatement = Math.floor(MAX_PARAMS / names.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const values: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const cells = row.map((value, i) => {
        values.push(value);
        return `$${values.length}::${types[i]}`;
      });
      return `(${cells.join(', ')})`;
    });
    await q.query(
      `insert into ${table} (${names.join(', ')}) ${options.explicitIds ? 'overriding system value ' : ''}values ${tuples.join(', ')}`,
      values,
    );
  }
}

/** Ids drawn from a table's identity sequence, so that rows inserted with them can refer to each other. */
export async function reserveIds(q: Queryable, table: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = await q.query<{ id: string }>(
    `select nextval(pg_get_serial_sequence($1, 'id'))::text as id from generate_series(1, $2)`,
    [table, count],
  );
  return rows.map((r) => r.id);
}

/** A small deterministic generator (mulberry32): the same seed gives the same demo data on every machine. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
export type Random = ReturnType<typeof random>;
