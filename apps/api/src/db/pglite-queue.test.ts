import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { queueStatements, StatementQueue } from "./pglite-queue.js";

describe("StatementQueue", () => {
  it("runs operations one at a time, in the order they were asked for", async () => {
    const queue = new StatementQueue();
    const log: string[] = [];
    const op = (name: string, ms: number) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        setTimeout(() => {
          log.push(`end ${name}`);
          resolve(name);
        }, ms);
      });
    const results = await Promise.all([queue.run(op("a", 20)), queue.run(op("b", 1)), queue.run(op("c", 5))]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("lets I/O callbacks run between two operations, however many are queued", async () => {
    const queue = new StatementQueue();
    const log: string[] = [];
    // Operations that finish at once: chained as promises alone they would all run in one
    // microtask drain, before any callback of the event loop.
    const ops = Array.from({ length: 5 }, (_, i) =>
      queue.run(async () => {
        log.push(`op ${i}`);
        if (i === 1) setImmediate(() => log.push("io"));
      }),
    );
    await Promise.all(ops);
    expect(log).toEqual(["op 0", "op 1", "io", "op 2", "op 3", "op 4"]);
  });

  it("goes on after a failed operation and hands the failure to its caller only", async () => {
    const queue = new StatementQueue();
    const failed = queue.run(async () => {
      throw new Error("constraint violated");
    });
    const next = queue.run(async () => "still served");
    await expect(failed).rejects.toThrow("constraint violated");
    await expect(next).resolves.toBe("still served");
  });
});

describe("queueStatements", () => {
  it("copies the database files (a backup) between transactions, never inside one", async () => {
    // Queued once the database is ready, as db/embedded.ts does.
    const client = await PGlite.create();
    queueStatements(client);
    try {
      await client.exec("create table t (n int)");
      const log: string[] = [];
      const transaction = client.transaction(async (tx) => {
        await tx.query("insert into t values (1)");
        log.push("transaction begun");
        // The transaction waits on something else (a file, a hash) between two statements.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.query("insert into t values (2)");
        log.push("transaction done");
      });
      const dump = client.dumpDataDir("none").then(() => log.push("copied"));
      await Promise.all([transaction, dump]);
      expect(log).toEqual(["transaction begun", "transaction done", "copied"]);
    } finally {
      await client.close();
    }
  });
});
