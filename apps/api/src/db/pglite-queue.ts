import type { PGlite } from "@electric-sql/pglite";

/** What runs one statement or one transaction of the embedded database. */
type Operation<T> = () => Promise<T>;

/**
 * Runs operations one at a time, each from its own turn of the event loop.
 *
 * PGlite executes SQL synchronously on this thread and hands its lock to the next waiter in a
 * promise continuation, so a backlog of statements runs in one unbroken chain of microtasks. Node
 * drains that chain after every I/O callback, including the one accepting a new connection: under
 * load each accepted connection cost a whole backlog, new connections queued in the kernel for
 * seconds (the listen queue of a 100-client load drained at ~5 connections/s), and their first
 * requests waited up to the length of the run. Starting each operation from setImmediate bounds
 * the work done between two I/O turns to one statement or transaction.
 */
export class StatementQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(operation: Operation<T>): Promise<T> {
    const result = this.tail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(operation);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * Queues the client's statements and transactions in one StatementQueue. A transaction is
 * one operation: the statements inside it use the transaction's own handle and run at once. A
 * copy of the database files (a backup) is one too, so it never falls inside a transaction.
 */
export function queueStatements(client: PGlite): void {
  const queue = new StatementQueue();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const dumpDataDir = client.dumpDataDir.bind(client);
  client.query = ((...args: Parameters<typeof query>) => queue.run(() => query(...args))) as typeof query;
  client.exec = ((...args: Parameters<typeof exec>) => queue.run(() => exec(...args))) as typeof exec;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    queue.run(() => transaction(...args))) as typeof transaction;
  client.dumpDataDir = (...args: Parameters<typeof dumpDataDir>) => queue.run(() => dumpDataDir(...args));
}
