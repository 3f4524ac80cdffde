import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client.js";
import { openDatabase } from "./client.js";
import { meetings } from "./schema.js";

describe("the embedded database's parsers", () => {
  let database: Database;
  let client: PGlite;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "", inMemory: true });
    client = (database.db as unknown as { $client: PGlite }).$client;
  });
  afterAll(() => database.close());

  it("reads days as text and instants as dates through Drizzle", async () => {
    const [made] = await database.db
      .insert(meetings)
      .values({ name: "Parsers", location: "Geneva", startDate: "2031-05-04", endDate: "2031-05-08" })
      .returning();
    const [row] = await database.db
      .select({ startDate: meetings.startDate, createdAt: meetings.createdAt })
      .from(meetings)
      .where(eq(meetings.id, made?.id ?? ""));
    expect(row?.startDate).toBe("2031-05-04");
    expect(row?.createdAt).toBeInstanceOf(Date);
    const answer = await database.db.execute(sql`select date '2031-05-04' as day`);
    const [raw] = (answer as unknown as { rows: unknown[] }).rows;
    expect(raw).toEqual({ day: "2031-05-04" });
  });

  it("still applies a statement's own parser for another type", async () => {
    const result = await client.query<{ n: string }>("select 41::int4 + 1 as n", [], {
      parsers: { 23: (value: string) => `int ${value}` },
    });
    expect(result.rows).toEqual([{ n: "int 42" }]);
  });
});
