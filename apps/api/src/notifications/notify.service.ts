import { and, asc, eq, isNull, notExists } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, mailJobs } from "../db/schema.js";
import { organisationName } from "../letters/letter-assets.js";
import { conflict, notFound } from "../lib/errors.js";
import type { StatusChange } from "../lib/events.js";
import { enqueueMail } from "./mail-queue.js";
import { type MailSubject, subjectOf } from "./mail-subject.js";
import { letterReady, letterReplaced } from "./messages.js";
import {
  catchUpStateMail,
  changesRequestedMail,
  queueStateMailOnce,
  queueStateMailsOnce,
  receivedMail,
  type StateMailPlan,
  statusMail,
} from "./status-mail-once.js";

/** Tells the applicant their request arrived (once: the catch-up after verifying may tell it instead). */
export async function notifyReceived(ctx: AppContext, applicationId: string): Promise<void> {
  await queueStateMailOnce(ctx, applicationId, receivedMail(ctx));
}

/**
 * Once an account's address is proved, the letters of its approved applications that were never
 * e-mailed (approved while the address was unproved, or imported and linked just now) are sent as
 * their approval would have sent them, carrying the secretariat's messages no mail carried. A
 * letter already e-mailed, or waiting in the queue, is not sent again. Then each other application
 * gets one mail of what its applicant was never told (`catchUpStateMail`).
 */
export async function notifyAddressVerified(ctx: AppContext, userId: string): Promise<void> {
  const unsent = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.userId, userId),
        eq(applications.status, "Approved"),
        eq(applications.letterEmailed, false),
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id));
  for (const { id } of unsent) await queueStateMailOnce(ctx, id, unsentLetterMail(ctx));
  await catchUpStateMail(ctx, userId);
}

/** Whether the approved application's letter was never e-mailed and none waits in the queue. */
async function letterUnsent(db: DbOrTx, s: MailSubject): Promise<boolean> {
  if (s.status !== "Approved") return false;
  const letterQueued = db
    .select({ id: mailJobs.id })
    .from(mailJobs)
    .where(
      and(
        eq(mailJobs.applicationId, applications.id),
        eq(mailJobs.kind, "letter"),
        isNull(mailJobs.sentAt),
        isNull(mailJobs.failedAt),
      ),
    );
  const [unsent] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.id, s.applicationId),
        eq(applications.letterEmailed, false),
        notExists(letterQueued),
      ),
    );
  return Boolean(unsent);
}

/**
 * A mail with the application's letter attached when it is sent (`compose`: an approval's or a
 * replacement's words), if `goes` says so, carrying the secretariat's messages no mail carried.
 * The queue sends each letter once by itself: a second mail of it is dropped.
 */
function letterMail(
  ctx: AppContext,
  compose: typeof letterReady,
  goes: (db: DbOrTx, s: MailSubject) => Promise<boolean>,
): StateMailPlan {
  return async (db, s, sender) =>
    (await goes(db, s))
      ? {
          since: null,
          kind: "letter",
          message: (messages) => compose(s, ctx.config.publicUrl, sender, messages),
        }
      : null;
}

const unsentLetterMail = (ctx: AppContext) => letterMail(ctx, letterReady, letterUnsent);

/** The mail of a new status; an approval's is the letter itself. */
function statusChangeMail(ctx: AppContext, from: string, to: string): StateMailPlan {
  // The approval's letter goes as queued; the queue drops it unsent if it is no longer approved.
  if (to === "Approved") return letterMail(ctx, letterReady, async () => true);
  return statusMail(ctx, to, from);
}

/** Tells the applicant about a new status; an approval sends the letter itself. */
export async function notifyStatusChange(
  ctx: AppContext,
  applicationId: string,
  from: string,
  to: string,
): Promise<void> {
  await queueStateMailOnce(ctx, applicationId, statusChangeMail(ctx, from, to));
}

/** Tells the applicants of many applications about their new status, as `notifyStatusChange` does. */
export async function notifyStatusChanges(ctx: AppContext, changes: StatusChange[]): Promise<void> {
  await queueStateMailsOnce(
    ctx,
    changes.map(({ applicationId, from, to }) => ({ applicationId, plan: statusChangeMail(ctx, from, to) })),
  );
}

/**
 * Mails the applicant an admin's message (also a request for changes), when an address may receive
 * it. The words are read back from the history, where the message was recorded.
 */
export async function notifyMessage(
  ctx: AppContext,
  applicationId: string,
  changesRequested: boolean,
): Promise<void> {
  // A request for changes is the application's state until the applicant edits it: told once.
  if (changesRequested) return queueStateMailOnce(ctx, applicationId, changesRequestedMail(ctx));
  // A plain message goes with any other no mail carried yet, once (a catch-up may carry it first).
  await queueStateMailOnce(ctx, applicationId, async () => null);
}

/** Sends the approved application's new letter after a change to a printed field. */
export async function notifyLetterReplaced(ctx: AppContext, applicationId: string): Promise<void> {
  const approved = async (_: DbOrTx, s: MailSubject) => s.status === "Approved";
  await queueStateMailOnce(ctx, applicationId, letterMail(ctx, letterReplaced, approved));
}

/** Queues the approved application's letter again (an admin's resend). */
export async function resendLetter(ctx: AppContext, applicationId: string): Promise<{ message: string }> {
  const s = await subjectOf(ctx.db, applicationId);
  if (!s) throw notFound("Application not found");
  if (s.status !== "Approved") throw conflict("Only an approved application's letter can be sent");
  if (!s.email)
    throw conflict("The applicant has not verified their e-mail address yet, so no mail can be sent to it");
  const message = letterReady(s, ctx.config.publicUrl, await organisationName(ctx));
  // An admin's resend goes even when the letter was mailed before, and carries no messages.
  await enqueueMail(ctx, { kind: "letter", to: s.email, applicationId, ...message, resend: true });
  return { message: `The letter will be e-mailed to ${s.email}` };
}
