import { getTableColumns, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications } from "../db/schema.js";

type ApplicationInsert = typeof applications.$inferInsert;

/** Rows per statement: one JSON parameter each, small enough to keep memory flat. */
const CHUNK = 500;
const columns = Object.entries(getTableColumns(applications)).map(([key, column]) => ({
  key: key as keyof ApplicationInsert,
  name: column.name,
  type: column.getSQLType(),
}));
const names = sql.raw(columns.map((c) => `"${c.name}"`).join(", "));
const recordType = sql.raw(columns.map((c) => `"${c.name}" ${c.type}`).join(", "));

/**
 * Inserts or updates (by id) complete application rows. Each chunk travels as one JSON parameter
 * expanded by jsonb_to_recordset: a few statements for thousands of rows, and no per-row SQL to
 * build. On an existing id only `updateKeys` are overwritten.
 */
export async function upsertApplications(
  db: DbOrTx,
  rows: ApplicationInsert[],
  updateKeys: ReadonlyArray<keyof ApplicationInsert>,
): Promise<void> {
  const set = sql.raw(
    updateKeys
      .map((k) => columns.find((c) => c.key === k)?.name)
      .map((name) => `"${name}" = excluded."${name}"`)
      .join(", "),
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(
      rows
        .slice(i, i + CHUNK)
        .map((row) => Object.fromEntries(columns.map((c) => [c.name, row[c.key] ?? null]))),
    );
    await db.execute(sql`
      insert into ${applications} (${names})
      select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${recordType})
      on conflict ("id") do update set ${set}`);
  }
}
