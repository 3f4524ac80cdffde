import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PipelinedPool } from "./pipelined-pool.js";

// The PostgreSQL server's connections (the embedded database has none): runs with DATABASE_URL.
const url = process.env.DATABASE_URL;

describe.skipIf(!url)("PipelinedPool", () => {
  let pool: PipelinedPool;
  beforeAll(() => {
    pool = new PipelinedPool(
      { connectionString: url, max: 4, connectionTimeoutMillis: 3000 },
      { lanes: 2, maxWaitMs: 50, maxDepth: 16 },
    );
    pool.on("error", () => {});
  });
  afterAll(() => pool.end());

  const value = async (text: string, values?: unknown[]) => (await pool.query(text, values)).rows[0]?.v;

  it("answers each of many concurrent statements with its own result", async () => {
    const n = 300;
    const pending = Array.from({ length: n }, (_, i) =>
      pool.query({ text: "select $1::int * 2 as v", values: [i], name: "double_it" }),
    );
    expect(Math.max(...pool.laneDepths)).toBeGreaterThan(1);
    const results = await Promise.all(pending);
    expect(results.map((r) => r.rows[0]?.v)).toEqual(Array.from({ length: n }, (_, i) => i * 2));
    expect(pool.laneDepths).toEqual([0, 0]);
  });

  it("fails only the statement that fails, not those pipelined around it", async () => {
    const settled = await Promise.allSettled([
      value("select 1 as v"),
      value("select 1 / 0 as v"),
      value("select 'after' as v"),
      value("select $1::uuid as v", ["not-a-uuid"]),
      value("select 3 as v"),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(settled.filter((s) => s.status === "fulfilled").map((s) => s.value)).toEqual([1, "after", 3]);
    expect((settled[1] as PromiseRejectedResult).reason.code).toBe("22012");
  });

  it("does not queue short statements behind a slow one", async () => {
    const finished: string[] = [];
    // Both lanes busy with a slow statement for longer than maxWaitMs.
    const slow = Promise.all([pool.query("select pg_sleep(0.4)"), pool.query("select pg_sleep(0.4)")]).then(
      () => finished.push("slow"),
    );
    await new Promise((r) => setTimeout(r, 80));
    expect(pool.laneDepths).toEqual([1, 1]);
    const quick = Array.from({ length: 20 }, (_, i) =>
      value("select $1::int as v", [i]).then(() => finished.push("quick")),
    );
    await Promise.all([slow, ...quick]);
    expect(finished.at(-1)).toBe("slow");
    expect(finished.filter((f) => f === "quick")).toHaveLength(20);
  });

  it("opens a lane again after its connection is lost", async () => {
    await Promise.all([value("select 1 as v"), value("select 2 as v")]);
    const killer = new PipelinedPool(
      { connectionString: url, max: 1 },
      { lanes: 0, maxWaitMs: 0, maxDepth: 0 },
    );
    try {
      const killed = await killer.query(
        "select count(pg_terminate_backend(pid))::int as v from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
      );
      expect(killed.rows[0]?.v).toBeGreaterThan(0);
    } finally {
      await killer.end();
    }
    // Statements on a lost connection fail as a lost connection does; the next ones reconnect.
    await Promise.allSettled([value("select 1 as v"), value("select 1 as v")]);
    expect(await value("select 'again' as v")).toBe("again");
    expect(await Promise.all([value("select 4 as v"), value("select 5 as v")])).toEqual([4, 5]);
  });

  it("gives a transaction a connection of its own", async () => {
    await pool.query("drop table if exists pipelined_probe");
    await pool.query("create table pipelined_probe (n int)");
    const tx = await pool.connect();
    try {
      await tx.query("begin");
      await tx.query("insert into pipelined_probe values (1)");
      expect(await value("select count(*)::int as v from pipelined_probe")).toBe(0);
      await tx.query("commit");
    } finally {
      tx.release();
    }
    expect(await value("select count(*)::int as v from pipelined_probe")).toBe(1);
    await pool.query("drop table pipelined_probe");
  });
});
