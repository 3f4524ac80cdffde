import { and, asc, eq, isNull, notExists } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, mailJobs } from "../db/schema.js";
import { organisationName } from "../letters/organisation-name.js";
import { conflict, FaultNothingChanged, type HttpError, notFound } from "../lib/errors.js";
import type { StatusChange } from "../lib/events.js";
import { insertMailJobs, kickMailWorker } from "./mail-jobs.js";
import { type MailSubject, subjectsOf } from "./mail-subject.js";
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

/** Why an admin cannot have the application's letter e-mailed again; null when they can. */
function resendRefusal(s: MailSubject | undefined): HttpError | null {
  if (!s) return notFound("Application not found");
  if (s.status !== "Approved") return conflict("Only an approved application's letter can be sent");
  if (!s.email)
    return conflict("The applicant has not verified their e-mail address yet, so no mail can be sent to it");
  return null;
}

/** What the admin is told when a resend fails: none of its letters went into the queue. */
const RESEND_FAULT =
  "No letter was queued, so nobody was e-mailed: the resend failed on the server. Please try again.";

/** An application whose letter an admin's resend did not queue, and why. */
export interface ResendRefused {
  applicationId: string;
  subject?: MailSubject;
  refusal: HttpError;
}

/**
 * Queues the letters of approved applications again (an admin's resend), all in one statement: a
 * fault queues none of them, so trying again sends nobody a letter twice (queued one by one, a
 * fault part-way failed the request after the first letters had gone into the queue). Answers
 * those queued and why each other was not. A resend goes even when the letter was mailed before,
 * and carries no messages. A fault is answered as such (FaultNothingChanged): the admin reads that
 * no letter was queued and may try again.
 */
export async function resendLetters(
  ctx: AppContext,
  applicationIds: string[],
): Promise<{ queued: MailSubject[]; refused: ResendRefused[] }> {
  let answer: { queued: MailSubject[]; refused: ResendRefused[] };
  try {
    answer = await queueResends(ctx, applicationIds);
  } catch (e) {
    throw new FaultNothingChanged(RESEND_FAULT, e);
  }
  if (answer.queued.length > 0) kickMailWorker(ctx);
  return answer;
}

/** resendLetters' work, whose any failure leaves the queue as it was. */
async function queueResends(
  ctx: AppContext,
  applicationIds: string[],
): Promise<{ queued: MailSubject[]; refused: ResendRefused[] }> {
  const [subjects, sender] = await Promise.all([subjectsOf(ctx.db, applicationIds), organisationName(ctx)]);
  const queued: MailSubject[] = [];
  const refused: ResendRefused[] = [];
  for (const applicationId of applicationIds) {
    const subject = subjects.get(applicationId);
    const refusal = resendRefusal(subject);
    if (refusal) refused.push({ applicationId, subject, refusal });
    else if (subject) queued.push(subject);
  }
  await insertMailJobs(
    ctx.db,
    queued.map((s) => ({
      kind: "letter" as const,
      to: s.email as string,
      applicationId: s.applicationId,
      ...letterReady(s, ctx.config.publicUrl, sender),
      resend: true,
    })),
  );
  return { queued, refused };
}

/** Queues the approved application's letter again (an admin's resend). */
export async function resendLetter(ctx: AppContext, applicationId: string): Promise<{ message: string }> {
  const { queued, refused } = await resendLetters(ctx, [applicationId]);
  if (refused[0]) throw refused[0].refusal;
  return { message: `The letter will be e-mailed to ${queued[0]?.email}` };
}
