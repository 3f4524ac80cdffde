import { getTableColumns, type SQL, sql, type Table } from "drizzle-orm";

/** A column of `table` by its key in the schema (`firstName`, not `first_name`). */
type Key<T extends Table> = keyof T["$inferInsert"] & string;

/** The columns' quoted names, comma-separated, in the keys' order. */
export function columnNames<T extends Table>(table: T, keys: readonly Key<T>[]): SQL {
  const columns = getTableColumns(table);
  return sql.join(
    keys.map((key) => sql.identifier(columns[key]?.name ?? key)),
    sql`, `,
  );
}

/**
 * `unnest(...)` of many rows of `table`: one array parameter per column, cast to the column's
 * type, to read from as `select * from unnest(...)`. Written as `values (...), (...)`, every
 * value is a parameter of its own: Drizzle builds the statement and the database parses it
 * value by value (an import's 10,000 history entries were 80,000 parameters).
 */
export function unnestOf<T extends Table, K extends Key<T>, R>(
  table: T,
  keys: readonly K[],
  rows: readonly R[],
  cell: (row: R, key: K) => unknown,
): SQL {
  const columns = getTableColumns(table);
  const arrays = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is no column of the table`);
    const values = rows.map((row) => {
      const v = cell(row, key);
      return v instanceof Date ? v.toISOString() : (v ?? null);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  return sql`unnest(${sql.join(arrays, sql`, `)})`;
}
