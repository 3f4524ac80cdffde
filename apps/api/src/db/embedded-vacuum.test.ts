import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dueStatements, vacuumWhileOpen } from "./embedded-vacuum.js";

let client: PGlite;

/** When each table was last vacuumed (null: never), by name. */
async function lastVacuums(): Promise<Record<string, string | null>> {
  const { rows } = await client.query<{ relname: string; at: string | null }>(
    "select relname, last_vacuum::text as at from pg_stat_user_tables order by relname",
  );
  return Object.fromEntries(rows.map((r) => [r.relname, r.at]));
}

async function until(condition: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeEach(async () => {
  client = new PGlite();
  await client.exec(`
    create table busy (id int primary key, v int);
    create table grown (id int primary key, v int);
    create table quiet (id int primary key, v int);
    insert into busy select g, 0 from generate_series(1, 1000) g;
    insert into grown select g, 0 from generate_series(1, 1000) g;
    insert into quiet select g, 0 from generate_series(1, 1000) g;
  `);
  // The inserts' counts reach the statistics first, so the analyse leaves nothing changed behind.
  await client.query("select pg_stat_force_next_flush()");
  await client.exec("analyze");
});

afterEach(async () => {
  await client.close();
});

describe("the embedded database's vacuum", () => {
  it("vacuums a table with many dead rows, analyses one with many new rows, leaves a quiet one", async () => {
    await client.exec(`
      update busy set v = 1 where id <= 500;
      insert into grown select g, 0 from generate_series(1001, 1200) g;
      update quiet set v = 1 where id <= 10;
    `);
    expect(await dueStatements(client)).toEqual(["VACUUM (ANALYZE) public.busy", "ANALYZE public.grown"]);
    expect(await dueStatements(client, true)).toEqual([
      "VACUUM (ANALYZE) public.busy",
      "VACUUM (ANALYZE) public.grown",
      "VACUUM (ANALYZE) public.quiet",
    ]);
  });

  it("vacuums every table first, then the due ones in later rounds, until stopped", async () => {
    const vacuum = vacuumWhileOpen(client, { canWrite: () => true, times: { firstMs: 0, everyMs: 20 } });
    await until(async () => Object.values(await lastVacuums()).every((at) => at !== null));
    const first = await lastVacuums();

    await client.exec("update busy set v = 2 where id <= 500");
    await until(async () => (await lastVacuums()).busy !== first.busy);
    const second = await lastVacuums();
    // A table with nothing to do is left alone in the later rounds.
    expect(second.quiet).toBe(first.quiet);

    await vacuum.stop();
    await client.exec("update busy set v = 3 where id <= 500");
    await new Promise((r) => setTimeout(r, 200));
    expect((await lastVacuums()).busy).toBe(second.busy);
  });

  it("does not vacuum while there is no room to write", async () => {
    const vacuum = vacuumWhileOpen(client, { canWrite: () => false, times: { firstMs: 0, everyMs: 20 } });
    await client.exec("update busy set v = 1 where id <= 500");
    await new Promise((r) => setTimeout(r, 200));
    await vacuum.stop();
    expect(Object.values(await lastVacuums())).toEqual([null, null, null]);
  });
});
