import type { Db } from "../db/client.js";

/** Runs `work` and answers how many transactions were begun on `db` meanwhile (background work included, if awaited). */
export async function countTransactions(db: Db, work: () => Promise<void>): Promise<number> {
  const transaction = db.transaction.bind(db);
  let transactions = 0;
  db.transaction = ((...args: Parameters<typeof transaction>) => {
    transactions++;
    return transaction(...args);
  }) as typeof db.transaction;
  try {
    await work();
  } finally {
    db.transaction = transaction;
  }
  return transactions;
}
