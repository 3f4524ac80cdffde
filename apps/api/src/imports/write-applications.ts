import { APPLICATION_FIELDS, CSV_TEXT_FIELD_KEYS } from "@visa/domain";
import { getTableColumns, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications } from "../db/schema.js";
import { columnNames, unnestOf } from "../db/unnest.js";
import type { ImportedValues, NewApplication } from "./import-plan.js";
import { IMPORTED_KEYS } from "./import-row.js";

type Key = keyof typeof applications.$inferInsert;

/**
 * Rows per statement. Each statement carries one array per column, so its size grows with the
 * chunk while the number of statements falls; 1,000 keeps each under a megabyte.
 */
const CHUNK = 1000;
const COLUMNS = getTableColumns(applications);
const name = (key: Key) => sql.identifier(COLUMNS[key].name);
const names = (keys: readonly Key[]) => columnNames(applications, keys);

// What a new application gets for an optional column the file leaves out (the database defaults):
// empty text, and no letter or hard copy mailed.
const NEW_DEFAULTS: Partial<Record<Key, unknown>> = {
  ...Object.fromEntries(
    CSV_TEXT_FIELD_KEYS.filter((k) => !APPLICATION_FIELDS[k].required).map((k) => [k, ""]),
  ),
  letterEmailed: false,
  hardCopyMailed: false,
};
const INSERT_KEYS = ["id", "meetingId", "userId", "createdAt", "status", ...IMPORTED_KEYS] as const;
const UPDATE_KEYS = ["id", ...IMPORTED_KEYS] as const;

/**
 * Creates the applications with the status the file gives them, in statements of CHUNK rows. No
 * one has changed them yet, so they have no last editor.
 */
export async function insertApplications(
  db: DbOrTx,
  rows: NewApplication[],
  by: { now: Date },
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const from = unnestOf(applications, INSERT_KEYS, rows.slice(i, i + CHUNK), (row, key) => {
      const v = row[key as keyof NewApplication];
      return v === undefined ? NEW_DEFAULTS[key] : v;
    });
    await db.execute(sql`
      insert into ${applications} (${names(INSERT_KEYS)}, "updated_at")
      select *, ${by.now.toISOString()}::timestamptz from ${from}`);
  }
}

/** Overwrites the imported columns (and who and when) of stored applications, by id. */
export async function updateImportedColumns(
  db: DbOrTx,
  rows: Array<{ id: string; values: ImportedValues }>,
  by: { actorId: string; now: Date },
): Promise<void> {
  const set = sql.join(
    IMPORTED_KEYS.map((key) => sql`${name(key)} = x.${name(key)}`),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const from = unnestOf(applications, UPDATE_KEYS, rows.slice(i, i + CHUNK), (row, key) =>
      key === "id" ? row.id : row.values[key as keyof ImportedValues],
    );
    await db.execute(sql`
      update ${applications} set ${set}, "last_updated_by_id" = ${by.actorId}::uuid,
        "updated_at" = ${by.now.toISOString()}::timestamptz
      from ${from} as x(${names(UPDATE_KEYS)})
      where ${applications}."id" = x."id"`);
  }
}
