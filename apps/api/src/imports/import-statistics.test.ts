import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildMeeting } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { importRow, postImport, toCsv } from "./csv-test-helpers.js";

// The embedded database has no autovacuum: after a large import the planner must be told what the
// table now holds, or it keeps planning for the table as it was. A PostgreSQL server does this itself.
let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

async function plannerRowEstimate(): Promise<number> {
  const result = (await t.app.ctx.db.execute(
    sql`select reltuples::int as n from pg_class where relname = 'applications'`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? -1);
}

describe("planner statistics after an import", () => {
  // The test app is embedded unless DATABASE_URL names a server (test-app.ts); skipped, not passed, there.
  it.skipIf(!!process.env.DATABASE_URL)(
    "a 1,000-row import on the embedded database leaves the planner knowing the new rows",
    async () => {
      expect(t.app.ctx.database.kind).toBe("embedded");
      const meeting = await buildMeeting(t.app);
      const small = await postImport(t.app, admin.auth, toCsv([importRow(meeting.name, 1)]));
      expect(small.statusCode).toBe(200);
      // A small import leaves statistics alone: never analysed, so PostgreSQL's "unknown" (-1).
      expect(await plannerRowEstimate()).toBe(-1);
      const rows = Array.from({ length: 1_000 }, (_, i) => importRow(meeting.name, 10 + i));
      const res = await postImport(t.app, admin.auth, toCsv(rows));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ successful: 1_000, failed: 0 });
      expect(await plannerRowEstimate()).toBe(1_001);
    },
  );
});
