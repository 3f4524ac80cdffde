import { and, asc, eq, isNull, notExists } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, mailJobs } from "../db/schema.js";
import { organisationName } from "../letters/letter-assets.js";
import { conflict, notFound } from "../lib/errors.js";
import { enqueueMail, type MailJobInput } from "./mail-queue.js";
import { type MailSubject, subjectOf } from "./mail-subject.js";
import { letterReady, letterReplaced, type MessageSubject } from "./messages.js";
import {
  catchUpStateMail,
  changesRequestedMail,
  queueStateMailOnce,
  receivedMail,
  type StateMail,
  statusMail,
} from "./status-mail-once.js";

async function queue(
  ctx: AppContext,
  subject: MessageSubject & { email: string | null },
  kind: MailJobInput["kind"],
  message: { subject: string; text: string; resend?: boolean },
) {
  if (!subject.email) return;
  await enqueueMail(ctx, { kind, to: subject.email, applicationId: subject.applicationId, ...message });
}

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

/**
 * The approved application's letter, if it was never e-mailed and none waits in the queue; asked
 * under the application's mail lock, so a catch-up and a message at once tell each thing once.
 */
function unsentLetterMail(ctx: AppContext) {
  return async (db: DbOrTx, s: MailSubject, sender: string): Promise<StateMail | null> => {
    if (s.status !== "Approved") return null;
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
    if (!unsent) return null;
    return {
      since: null,
      kind: "letter",
      message: (messages) => letterReady(s, ctx.config.publicUrl, sender, messages),
    };
  };
}

/**
 * The approval's mail: the letter, attached when the mail is sent. The queue sends each letter
 * once by itself (a second mail of it is dropped); an admin's `resend` sends it again.
 */
async function queueLetterReady(
  ctx: AppContext,
  s: MessageSubject & { email: string | null },
  { resend = false } = {},
) {
  const message = letterReady(s, ctx.config.publicUrl, await organisationName(ctx));
  await queue(ctx, s, "letter", { ...message, resend });
}

/** Tells the applicant about a new status; an approval sends the letter itself. */
export async function notifyStatusChange(
  ctx: AppContext,
  applicationId: string,
  from: string,
  to: string,
): Promise<void> {
  if (to === "Approved") {
    const s = await subjectOf(ctx.db, applicationId);
    if (s) await queueLetterReady(ctx, s);
    return;
  }
  await queueStateMailOnce(ctx, applicationId, statusMail(ctx, to, from));
}

/**
 * Mails the applicant an admin's message (also a request for changes), when an address may receive
 * it. The words are read back from the history, where the message was recorded.
 */
export async function notifyMessage(
  ctx: AppContext,
  applicationId: string,
  _text: string,
  changesRequested: boolean,
): Promise<void> {
  // A request for changes is the application's state until the applicant edits it: told once.
  if (changesRequested) return queueStateMailOnce(ctx, applicationId, changesRequestedMail(ctx));
  // A plain message goes with any other no mail carried yet, once (a catch-up may carry it first).
  await queueStateMailOnce(ctx, applicationId, async () => null);
}

/** Sends the approved application's new letter after a change to a printed field. */
export async function notifyLetterReplaced(ctx: AppContext, applicationId: string): Promise<void> {
  const s = await subjectOf(ctx.db, applicationId);
  if (s?.status !== "Approved") return;
  await queue(ctx, s, "letter", letterReplaced(s, ctx.config.publicUrl, await organisationName(ctx)));
}

/** Queues the approved application's letter again (an admin's resend). */
export async function resendLetter(ctx: AppContext, applicationId: string): Promise<{ message: string }> {
  const s = await subjectOf(ctx.db, applicationId);
  if (!s) throw notFound("Application not found");
  if (s.status !== "Approved") throw conflict("Only an approved application's letter can be sent");
  if (!s.email)
    throw conflict("The applicant has not verified their e-mail address yet, so no mail can be sent to it");
  await queueLetterReady(ctx, s, { resend: true });
  return { message: `The letter will be e-mailed to ${s.email}` };
}
