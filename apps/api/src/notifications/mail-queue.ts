import { todayUtc } from "@visa/domain";
import { and, asc, eq, exists, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.js";
import { applicationHistory, applications, letters, mailJobs } from "../db/schema.js";
import { loadApplication, renderApplicationLetter } from "../letters/letter-pdf.service.js";
import { loggableError } from "../lib/loggable-error.js";
import { isUniqueViolation } from "../lib/pg-errors.js";
import type { MailMessage } from "../mail/mailer.js";
import { workSettled } from "./background-work.js";
import {
  insertMailJob,
  kickMailWorker,
  type MailJobInput,
  mailWorkerOf,
  registerMailWorker,
} from "./mail-jobs.js";

type MailJob = typeof mailJobs.$inferSelect;

export const MAX_ATTEMPTS = 8;
const BATCH = 10;
// A job a server took but did not finish (it crashed) is taken again after this.
const LOCK_MS = 5 * 60_000;
const POLL_MS = 5_000;
// Sent and abandoned mail holds names and addresses: kept a month for support, then deleted.
const KEEP_FINISHED_MS = 30 * 24 * 3600_000;
const CLEANUP_EVERY_MS = 3600_000;

/** Wait before the next attempt: 30 s, doubling each time, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Adds mail to the persistent queue; it is sent in the background, never in the request. */
export async function enqueueMail(ctx: AppContext, job: MailJobInput): Promise<void> {
  await insertMailJob(ctx.db, job);
  kickMailWorker(ctx);
}

/**
 * Sends queued mail: due jobs are claimed (so several servers never send one twice), sent, and on
 * failure retried later with a growing delay until MAX_ATTEMPTS. Runs are serialised per process.
 */
export class MailWorker {
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private kicked = false;
  private kickedAgain = false;
  private nextCleanup = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    registerMailWorker(ctx, this);
  }

  /** Polls for due mail until stop(); also runs at once whenever mail is queued. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Finishes the job in hand and stops polling. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  kick(): void {
    if (!this.timer) return;
    if (this.kicked) {
      // Mail queued while a run is under way may have come after its last look for due mail: it
      // is looked for once more when the run ends, rather than at the next poll.
      this.kickedAgain = true;
      return;
    }
    this.kicked = true;
    this.sendWhileDue()
      .catch((err) => this.log.error({ err: loggableError(err) }, "mail queue run failed"))
      .finally(() => {
        this.kicked = false;
        if (!this.kickedAgain) return;
        this.kickedAgain = false;
        this.kick();
      });
  }

  /**
   * Runs batch after batch while each finds a full batch due: an import's thousands of letters go
   * out at the pace they are sent, not a batch per poll (2,000 had taken 17 minutes).
   */
  private async sendWhileDue(): Promise<void> {
    while (this.timer && (await this.runOnce()) === BATCH);
  }

  /** Sends every job due at `now`; resolves with how many were attempted. */
  runOnce(now: Date = new Date()): Promise<number> {
    const run = this.chain.then(() => this.processDue(now));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async processDue(now: Date): Promise<number> {
    if (now.getTime() >= this.nextCleanup) {
      this.nextCleanup = now.getTime() + CLEANUP_EVERY_MS;
      await this.deleteFinished(now);
    }
    const due = this.ctx.db
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(
        and(
          isNull(mailJobs.sentAt),
          isNull(mailJobs.failedAt),
          lte(mailJobs.nextAttemptAt, now),
          or(isNull(mailJobs.lockedUntil), lt(mailJobs.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailJobs.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const jobs = await this.ctx.db
      .update(mailJobs)
      .set({ lockedUntil: new Date(now.getTime() + LOCK_MS) })
      .where(inArray(mailJobs.id, due))
      .returning();
    for (const job of jobs) await this.deliver(job, now);
    return jobs.length;
  }

  private async deliver(job: MailJob, now: Date): Promise<void> {
    const attempts = job.attempts + 1;
    try {
      const message = await this.message(job);
      if (!message) {
        await this.finish(job.id, {
          attempts,
          failedAt: now,
          lastError: "The application is no longer approved",
        });
        await this.recordOutcome(job, "mail_failed");
        return;
      }
      const { letterReference, ...mail } = message;
      if (letterReference && !(await this.takeLetter(job, letterReference))) {
        // Another mail carries this letter (the race of an approval with a verification, or an
        // approval's mail still queued when its letter was replaced): the applicant gets it once.
        await this.finish(job.id, { attempts, failedAt: now, lastError: "This letter was e-mailed already" });
        return;
      }
      await this.ctx.mailer.send(mail);
      await this.finish(job.id, { attempts, sentAt: now, lastError: null });
      await this.recordOutcome(job, "mail_sent");
      if (letterReference && job.applicationId) {
        await this.markLetterEmailed(job.applicationId, letterReference, now);
      }
    } catch (err) {
      const giveUp = attempts >= MAX_ATTEMPTS;
      const lastError = loggableError(err).message;
      await this.finish(job.id, {
        attempts,
        lastError,
        ...(giveUp ? { failedAt: now } : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) }),
      });
      if (giveUp) await this.recordOutcome(job, "mail_failed");
      // The job id only: recipients and contents are personal data.
      this.log.warn({ mailJob: job.id, attempts, giveUp, error: lastError }, "mail not sent");
    }
  }

  /**
   * The message to send, with the reference of the letter it carries; for a letter, null when the
   * application is gone or not approved. A letter mail carries the application's current letter.
   */
  private async message(job: MailJob): Promise<(MailMessage & { letterReference?: string }) | null> {
    const base = { to: job.to, subject: job.subject, text: job.text };
    if (job.kind !== "letter") return base;
    const row = job.applicationId ? await loadApplication(this.ctx, job.applicationId) : null;
    if (row?.application.status !== "Approved") return null;
    const letter = await renderApplicationLetter(this.ctx, row);
    if (!letter) return null;
    return {
      ...base,
      letterReference: letter.reference,
      attachments: [{ filename: letter.filename, content: letter.pdf, contentType: "application/pdf" }],
    };
  }

  /**
   * Records that this job carries the letter; false when another mail (sent, or queued and not
   * given up) carries it already. The unique index decides, so two servers cannot both take it; a
   * resend always takes it.
   */
  private async takeLetter(job: MailJob, reference: string): Promise<boolean> {
    try {
      await this.ctx.db.update(mailJobs).set({ letterReference: reference }).where(eq(mailJobs.id, job.id));
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /**
   * The application's letter counts as e-mailed if the one sent is still its letter: one replaced
   * while it was being sent leaves the flag clear, so the new letter is mailed when it can be.
   */
  private async markLetterEmailed(applicationId: string, reference: string, now: Date): Promise<void> {
    const stillCurrent = this.ctx.db
      .select({ id: letters.id })
      .from(letters)
      .where(and(eq(letters.reference, reference), isNull(letters.revokedAt)));
    await this.ctx.db
      .update(applications)
      .set({ letterEmailed: true, letterEmailedDate: todayUtc(now) })
      .where(and(eq(applications.id, applicationId), exists(stillCurrent)));
  }

  /**
   * The mail's fate in its application's history (its subject; the address is personal data), if
   * the application is still there: one statement, not a look-up and then an insert. Never
   * throws: a sent mail whose entry could not be written (the application was deleted meanwhile)
   * must not be sent again.
   */
  private async recordOutcome(job: MailJob, kind: "mail_sent" | "mail_failed"): Promise<void> {
    if (!job.applicationId) return;
    try {
      const column = (c: { name: string }) => sql.identifier(c.name);
      const { applicationId, kind: kindColumn, text } = applicationHistory;
      await this.ctx.db.execute(sql`
        insert into ${applicationHistory} (${column(applicationId)}, ${column(kindColumn)}, ${column(text)})
        select ${applications.id}, ${kind}::text, ${job.subject}::text
        from ${applications} where ${applications.id} = ${job.applicationId}`);
    } catch (err) {
      this.log.warn({ mailJob: job.id, err: loggableError(err) }, "mail history not recorded");
    }
  }

  private async deleteFinished(now: Date): Promise<void> {
    const before = new Date(now.getTime() - KEEP_FINISHED_MS);
    await this.ctx.db.delete(mailJobs).where(or(lt(mailJobs.sentAt, before), lt(mailJobs.failedAt, before)));
  }

  private async finish(id: string, set: Partial<typeof mailJobs.$inferInsert>): Promise<void> {
    await this.ctx.db
      .update(mailJobs)
      .set({ ...set, lockedUntil: null })
      .where(eq(mailJobs.id, id));
  }
}

/**
 * Waits for event listeners to queue their mail, then sends everything due at `now` (default:
 * the present). Tests call it instead of waiting for the background worker.
 */
export async function drainMailQueue(ctx: AppContext, now?: Date): Promise<void> {
  await workSettled(ctx);
  const worker = mailWorkerOf(ctx);
  if (!worker) throw new Error("the notifications plugin is not registered on this app");
  while ((await worker.runOnce(now ?? new Date())) > 0) await workSettled(ctx);
}
