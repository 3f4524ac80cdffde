import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { mailJobs } from "../db/schema.js";

/*
 * Putting mail in the queue, apart from sending it (mail-queue.ts). `npm run admin` queues a
 * notice too, and the build compiles what a command shares with the server into chunks both load:
 * this module must import neither the letters' code nor the mail worker, or their code would move
 * into such a chunk and a letter fail after a rebuild under a running server (letters/letter-code.ts,
 * `npx tsx reliability/rebuild.ts`).
 */

export interface MailJobInput {
  /** "letter" attaches the application's letter, rendered when the mail is sent. */
  kind: "message" | "letter";
  to: string;
  subject: string;
  text: string;
  applicationId?: string | null;
  /** An admin's resend: sent even when its letter was mailed before. */
  resend?: boolean;
  /**
   * For a mail telling an application's state and messages (`status-mail-once.ts`): the time of
   * the newest thing it tells (a timestamp the database computes, to the microsecond), kept as the
   * job's `createdAt`, which the once-only check compares.
   */
  tellsUpTo?: SQL;
}

/** What a process's mail worker offers to those who queue mail, and to tests that wait for it. */
export interface RegisteredMailWorker {
  /** Looks for due mail now. */
  kick(): void;
  /** Sends what is due at `now`; resolves to how many mails it handled. */
  runOnce(now: Date): Promise<number>;
}

// Keyed by the context the worker was made for: a command that opened the database itself has none.
const workers = new WeakMap<object, RegisteredMailWorker>();

/** Makes `kickMailWorker(ctx)` and `mailWorkerOf(ctx)` reach this process's worker for that context. */
export function registerMailWorker(ctx: object, worker: RegisteredMailWorker): void {
  workers.set(ctx, worker);
}

/** This process's mail worker for the context, if it has one. */
export function mailWorkerOf(ctx: object): RegisteredMailWorker | undefined {
  return workers.get(ctx);
}

/**
 * Has this process's worker look for due mail now (mail was just queued). A context without a
 * worker (a command run on the database itself) leaves the mail to a server's next poll.
 */
export function kickMailWorker(ctx: object): void {
  workers.get(ctx)?.kick();
}

/**
 * Adds mail to the queue in the caller's transaction; once it has committed, `kickMailWorker`
 * sends it at once rather than at the next poll.
 */
export function insertMailJob(db: DbOrTx, job: MailJobInput): Promise<void> {
  return insertMailJobs(db, [job]);
}

/** Adds many mails to the queue in the caller's transaction, in one statement. */
export async function insertMailJobs(db: DbOrTx, jobs: MailJobInput[]): Promise<void> {
  if (jobs.length === 0) return;
  // Due now by this process's clock, in milliseconds like every `now` the queue compares it with:
  // the database's default now() carries microseconds, so a run in the same millisecond as the
  // insert (the kick) found the new job not yet due and left it to the next poll.
  const nextAttemptAt = new Date();
  await db.insert(mailJobs).values(
    jobs.map(({ tellsUpTo, ...values }) => ({
      ...values,
      ...(tellsUpTo ? { createdAt: tellsUpTo } : {}),
      applicationId: values.applicationId ?? null,
      resend: values.resend ?? false,
      nextAttemptAt,
    })),
  );
}
