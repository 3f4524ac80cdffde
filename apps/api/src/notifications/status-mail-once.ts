import { todayUtc } from "@visa/domain";
import { and, asc, desc, eq, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applicationHistory, applications, mailJobs, meetings } from "../db/schema.js";
import { organisationName } from "../letters/letter-assets.js";
import { insertMailJob, kickMailWorker } from "./mail-queue.js";
import { type MailSubject, subjectOf } from "./mail-subject.js";
import { adminMessage, type Message, statusChanged } from "./messages.js";

/**
 * The mail telling an applicant the application's current state, and since when that state holds:
 * the application is told it once, by whichever comes first of the change's own mail and the
 * catch-up after the owner's address is proved.
 */
export interface StateMail {
  since: Date;
  message: Message;
}

// Two-key advisory locks: a class of their own, apart from the migration lock (0x76697361, 1)
// and the single-key locks imports take per meeting.
const STATE_MAIL_LOCK = 0x6d61696c;

/**
 * Whether the applicant was mailed about the application since `since`: a message queued then and
 * not given up, or a mail sent then (its history entry outlives the finished job, deleted after a
 * month). A letter's mail queued then tells nothing: it is dropped unsent unless still approved.
 */
async function mailedSince(db: DbOrTx, applicationId: string, since: Date): Promise<boolean> {
  const [queued] = await db
    .select({ id: mailJobs.id })
    .from(mailJobs)
    .where(
      and(
        eq(mailJobs.applicationId, applicationId),
        eq(mailJobs.kind, "message"),
        isNull(mailJobs.failedAt),
        gte(mailJobs.createdAt, since),
      ),
    )
    .limit(1);
  if (queued) return true;
  const [sent] = await db
    .select({ id: applicationHistory.id })
    .from(applicationHistory)
    .where(
      and(
        eq(applicationHistory.applicationId, applicationId),
        eq(applicationHistory.kind, "mail_sent"),
        gte(applicationHistory.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(sent);
}

/**
 * Queues the mail `plan` makes of the application's state, unless its address may not be mailed
 * yet or the applicant was mailed about it since that state began. Under a lock per application,
 * so a change's own mail and a verification's catch-up, running at once, send it once.
 */
export async function queueStateMailOnce(
  ctx: AppContext,
  applicationId: string,
  plan: (db: DbOrTx, s: MailSubject, sender: string) => Promise<StateMail | null>,
): Promise<void> {
  // Read before the transaction: the embedded database has one connection, which it holds.
  const sender = await organisationName(ctx);
  const queued = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STATE_MAIL_LOCK}, hashtext(${applicationId}))`);
    const s = await subjectOf(tx, applicationId);
    if (!s?.email) return false;
    const mail = await plan(tx, s, sender);
    if (!mail || (await mailedSince(tx, applicationId, mail.since))) return false;
    await insertMailJob(tx, { kind: "message", to: s.email, applicationId, ...mail.message });
    return true;
  });
  if (queued) kickMailWorker(ctx);
}

/** The application's latest history entry of this kind (and status reached), if any. */
async function latestEntry(
  db: DbOrTx,
  applicationId: string,
  kind: "status_changed" | "changes_requested",
  to?: string,
) {
  const [entry] = await db
    .select({
      createdAt: applicationHistory.createdAt,
      fromStatus: applicationHistory.fromStatus,
      text: applicationHistory.text,
    })
    .from(applicationHistory)
    .where(
      and(
        eq(applicationHistory.applicationId, applicationId),
        eq(applicationHistory.kind, kind),
        to ? eq(applicationHistory.toStatus, to) : undefined,
      ),
    )
    .orderBy(desc(applicationHistory.createdAt), desc(applicationHistory.seq))
    .limit(1);
  return entry;
}

/**
 * The status mail of a change to `to` (not an approval: that mail is the letter), as the change
 * made it; `from` null: as the status is now, from the change in its history (an import that
 * created it so has none: from Pending, since it was created).
 */
export function statusMail(ctx: AppContext, to: string, from: string | null) {
  return async (db: DbOrTx, s: MailSubject, sender: string): Promise<StateMail | null> => {
    // The catch-up tells only a status that still holds; a change's own mail goes as before.
    if ((from === null && s.status !== to) || s.withdrawnAt) return null;
    const entry = await latestEntry(db, s.applicationId, "status_changed", to);
    const [created] = entry
      ? []
      : await db
          .select({ createdAt: applications.createdAt })
          .from(applications)
          .where(eq(applications.id, s.applicationId));
    const since = entry?.createdAt ?? created?.createdAt;
    if (!since) return null;
    const reason = to === "Rejected" ? s.statusReason : "";
    const changedFrom = from ?? entry?.fromStatus ?? "Pending";
    return { since, message: statusChanged(s, changedFrom, to, ctx.config.publicUrl, sender, reason) };
  };
}

/** The mail of the secretariat's request for changes still open: its message, quoted. */
export function changesRequestedMail(ctx: AppContext) {
  return async (db: DbOrTx, s: MailSubject, sender: string): Promise<StateMail | null> => {
    if (s.status !== "Pending" || !s.changesRequestedAt) return null;
    const entry = await latestEntry(db, s.applicationId, "changes_requested");
    if (!entry) return null;
    const text = entry.text ?? "";
    return { since: entry.createdAt, message: adminMessage(s, text, true, ctx.config.publicUrl, sender) };
  };
}

/**
 * Once the account's address is proved: each application whose current state the applicant was
 * never told (decided or sent back while the address was unproved) gets one mail saying it.
 * Rejections (not the applicant's own withdrawal) and open requests for changes, of meetings not
 * yet over; a status that no longer holds is not told, and one told before (to an earlier address)
 * is not told again. Approved letters are caught up by `notifyAddressVerified`.
 */
export async function catchUpStateMail(ctx: AppContext, userId: string): Promise<void> {
  const open = await ctx.db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .where(
      and(
        eq(applications.userId, userId),
        isNull(applications.withdrawnAt),
        gte(meetings.endDate, todayUtc()),
        or(
          eq(applications.status, "Rejected"),
          and(eq(applications.status, "Pending"), isNotNull(applications.changesRequestedAt)),
        ),
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id));
  for (const { id, status } of open) {
    await queueStateMailOnce(
      ctx,
      id,
      status === "Rejected" ? statusMail(ctx, "Rejected", null) : changesRequestedMail(ctx),
    );
  }
}
