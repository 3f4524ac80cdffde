import { todayUtc } from "@visa/domain";
import { and, asc, desc, eq, gte, inArray, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { askToVerify } from "../auth/email-verification.service.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applicationHistory, applications, mailJobs, meetings } from "../db/schema.js";
import { seenByOwner } from "../history/unseen-messages.js";
import { organisationName } from "../letters/organisation-name.js";
import { insertMailJobs, kickMailWorker, type MailJobInput } from "./mail-jobs.js";
import { type MailSubject, subjectsOf } from "./mail-subject.js";
import {
  adminMessage,
  type Message,
  requestReceived,
  type SecretariatMessage,
  secretariatMessages,
  statusChanged,
} from "./messages.js";

/**
 * The mail telling an applicant the application's current state, and since when that state holds:
 * the application is told it once, by whichever comes first of the change's own mail and the
 * catch-up after the owner's address is proved. It also carries the secretariat's messages that
 * were never mailed.
 */
export interface StateMail {
  /**
   * When the state began, as the database wrote it (text, to the microsecond); null when the plan
   * made sure itself that it was never told (a letter never e-mailed).
   */
  since: string | null;
  kind?: MailJobInput["kind"];
  message: (messages: SecretariatMessage[]) => Message;
}

/** What to tell of the application (its address proved, under its lock); null: only its messages. */
export type StateMailPlan = (db: DbOrTx, s: MailSubject, sender: string) => Promise<StateMail | null>;

// Two-key advisory locks: a class of their own, apart from the migration lock (0x76697361, 1)
// and the single-key locks imports take per meeting.
const STATE_MAIL_LOCK = 0x6d61696c;

/** A timestamp as the database's text, which keeps its microseconds (a JavaScript Date drops them). */
const exact = (column: SQLWrapper) => sql<string>`${column}::text`;
const instant = (value: string) => sql`${value}::timestamptz`;

/**
 * Whether the applicant was mailed about the application since `since`: a message queued then and
 * not given up, or a mail sent then (its history entry outlives the finished job, deleted after a
 * month). A letter's mail queued then tells nothing: it is dropped unsent unless still approved.
 */
async function mailedSince(db: DbOrTx, applicationId: string, since: string): Promise<boolean> {
  const [row] = await db
    .select({
      told: sql<boolean>`exists (select 1 from ${mailJobs} j where j.application_id = ${applicationId}
          and j.kind = 'message' and j.failed_at is null and j.created_at >= ${instant(since)})
        or exists (select 1 from ${applicationHistory} h where h.application_id = ${applicationId}
          and h.kind = 'mail_sent' and h.created_at >= ${instant(since)})`,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return Boolean(row?.told);
}

/**
 * The secretariat's plain messages about each application that no mail carried (written while the
 * owner's address was unproved, or whose mail was given up) and that its owner has not seen in the
 * portal: one counts as seen once the owner has acted on the request after it (an edit, a
 * withdrawal, an upload), on the page that shows it. A mail queued with `tellsUpTo` at or after a
 * message (not given up, not an admin's resend), or sent after it, carried it. By application id.
 */
async function unmailedMessages(db: DbOrTx, applicationIds: string[]) {
  const message = applicationHistory;
  const owner = applications.userId;
  const carried = sql`exists (select 1 from ${mailJobs} j where j.application_id = ${message.applicationId}
      and j.failed_at is null and not j.resend and j.created_at >= ${message.createdAt})
    or exists (select 1 from ${applicationHistory} h where h.application_id = ${message.applicationId}
      and h.kind = 'mail_sent' and h.created_at >= ${message.createdAt})`;
  const seen = sql`${owner} is not null and ${seenByOwner(owner)}`;
  const rows = await db
    .select({
      applicationId: message.applicationId,
      text: message.text,
      sentAt: message.createdAt,
      at: exact(message.createdAt),
    })
    .from(message)
    .innerJoin(applications, eq(applications.id, message.applicationId))
    .where(
      and(
        inArray(message.applicationId, applicationIds),
        eq(message.kind, "message"),
        sql`not (${carried})`,
        sql`not (${seen})`,
      ),
    )
    .orderBy(asc(message.createdAt), asc(message.seq));
  const byApplication = new Map<string, { text: string; sentAt: Date; at: string }[]>();
  for (const { applicationId, text, ...m } of rows) {
    const list = byApplication.get(applicationId) ?? [];
    list.push({ ...m, text: text ?? "" });
    byApplication.set(applicationId, list);
  }
  return byApplication;
}

/** An application and the mail to make of its state (`queueStateMailsOnce`). */
export interface StateMailWanted {
  applicationId: string;
  plan: StateMailPlan;
}

// Applications per transaction: their locks are taken, and their subjects, messages and jobs read
// and written, in one statement each (an import of 2,000 decisions had been 20,000 statements).
const CHUNK = 100;

/**
 * Queues the mail `plan` makes of the application's state, with the secretariat's messages no mail
 * carried yet, unless its address may not be mailed yet, or the applicant was mailed about that
 * state since it began and there is no such message. Under a lock per application, so a change's
 * own mail, a message's and a verification's catch-up, running at once, tell each thing once.
 */
export function queueStateMailOnce(
  ctx: AppContext,
  applicationId: string,
  plan: StateMailPlan,
): Promise<void> {
  return queueStateMailsOnce(ctx, [{ applicationId, plan }]);
}

/**
 * `queueStateMailOnce` for many applications (each named once), a transaction per CHUNK of them.
 */
export async function queueStateMailsOnce(ctx: AppContext, wanted: StateMailWanted[]): Promise<void> {
  if (wanted.length === 0) return;
  // Read before the transaction: the embedded database has one connection, which it holds.
  const sender = await organisationName(ctx);
  // The owners whose addresses are unproved, whose mail is held: they are asked to verify.
  const held = new Set<string>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const chunk = wanted.slice(i, i + CHUNK);
    const queued = await ctx.db.transaction(async (tx) => {
      const ids = chunk.map((w) => w.applicationId);
      await lockStateMail(tx, ids);
      const subjects = await subjectsOf(tx, ids);
      const unmailed = await unmailedMessages(tx, ids);
      const jobs: MailJobInput[] = [];
      for (const { applicationId, plan } of chunk) {
        const s = subjects.get(applicationId);
        if (!s?.email) {
          if (s?.ownerId) held.add(s.ownerId);
          continue;
        }
        const job = await stateMailJob(ctx, tx, { ...s, email: s.email }, plan, sender, unmailed);
        if (job) jobs.push(job);
      }
      await insertMailJobs(tx, jobs);
      return jobs.length > 0;
    });
    if (queued) kickMailWorker(ctx);
  }
  await askToVerify(ctx, [...held]);
}

/**
 * The applications' state-mail locks, in one order (two callers locking many never wait for each
 * other in a circle).
 */
async function lockStateMail(tx: DbOrTx, applicationIds: string[]): Promise<void> {
  const ids = [...applicationIds].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(${STATE_MAIL_LOCK}, hashtext(u.id))
      from unnest(${sql.param(ids)}::text[]) with ordinality as u(id, n) order by u.n`,
  );
}

/** The job telling the application's state and unmailed messages, or null when nothing is to tell. */
async function stateMailJob(
  ctx: AppContext,
  tx: DbOrTx,
  s: MailSubject & { email: string },
  plan: StateMailPlan,
  sender: string,
  unmailedBy: Awaited<ReturnType<typeof unmailedMessages>>,
): Promise<MailJobInput | null> {
  const planned = await plan(tx, s, sender);
  const state =
    planned && (planned.since === null || !(await mailedSince(tx, s.applicationId, planned.since)))
      ? planned
      : null;
  const unmailed = unmailedBy.get(s.applicationId) ?? [];
  if (!state && unmailed.length === 0) return null;
  const message = state
    ? state.message(unmailed)
    : secretariatMessages(s, unmailed, ctx.config.publicUrl, sender);
  // The job is dated by the newest thing it tells, so the checks above find exactly that told.
  const told = [...(state?.since ? [state.since] : []), ...unmailed.map((m) => m.at)];
  return {
    kind: state?.kind ?? "message",
    to: s.email,
    applicationId: s.applicationId,
    ...message,
    ...(told.length > 0 ? { tellsUpTo: sql`greatest(${sql.join(told.map(instant), sql`, `)})` } : {}),
  };
}

/** The application's latest history entry of this kind (and status reached), if any. */
async function latestEntry(
  db: DbOrTx,
  applicationId: string,
  kind: "status_changed" | "changes_requested" | "created",
  to?: string,
) {
  const [entry] = await db
    .select({
      at: exact(applicationHistory.createdAt),
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
export function statusMail(ctx: AppContext, to: string, from: string | null): StateMailPlan {
  return async (db, s, sender) => {
    // The catch-up tells only a status that still holds; a change's own mail goes as before.
    if ((from === null && s.status !== to) || s.withdrawnAt) return null;
    const entry = await latestEntry(db, s.applicationId, "status_changed", to);
    const since = entry?.at ?? s.createdAt;
    const reason = to === "Rejected" ? s.statusReason : "";
    const changedFrom = from ?? entry?.fromStatus ?? "Pending";
    return {
      since,
      message: (messages) =>
        statusChanged(s, changedFrom, to, ctx.config.publicUrl, sender, reason, messages),
    };
  };
}

/** The mail of the secretariat's request for changes still open: its message, quoted. */
export function changesRequestedMail(ctx: AppContext): StateMailPlan {
  return async (db, s, sender) => {
    if (s.status !== "Pending" || !s.changesRequestedAt) return null;
    const entry = await latestEntry(db, s.applicationId, "changes_requested");
    if (!entry) return null;
    const text = entry.text ?? "";
    // It is Pending now: when its last change of status left Approved (this request for changes
    // or a return to Pending before it), the letter was taken back then and none was issued since.
    const lastChange = await latestEntry(db, s.applicationId, "status_changed");
    const letterWithdrawn = lastChange?.fromStatus === "Approved";
    return {
      since: entry.at,
      message: (messages) =>
        adminMessage(s, text, true, ctx.config.publicUrl, sender, messages, letterWithdrawn),
    };
  };
}

/**
 * The confirmation that the request arrived; with `stillPending` (the catch-up), only for the
 * applicant's own request (an import is never confirmed) while it is Pending and was never decided.
 */
export function receivedMail(ctx: AppContext, { stillPending = false } = {}): StateMailPlan {
  return async (db, s, sender) => {
    if (stillPending) {
      if (s.status !== "Pending" || s.changesRequestedAt || s.withdrawnAt) return null;
      if (!(await latestEntry(db, s.applicationId, "created"))) return null;
      if (await latestEntry(db, s.applicationId, "status_changed")) return null;
    }
    return {
      since: s.createdAt,
      message: (messages) => requestReceived(s, ctx.config.publicUrl, sender, messages),
    };
  };
}

/**
 * What the application's mail says of it now: a rejection (not a withdrawal), an open request for
 * changes, a return to Pending, or a request of the applicant's never decided; nothing for an
 * approval (its mail is the letter) or a withdrawal.
 */
function currentStateMail(ctx: AppContext): StateMailPlan {
  return async (db, s, sender) => {
    if (s.withdrawnAt || s.status === "Approved") return null;
    if (s.status === "Rejected") return statusMail(ctx, "Rejected", null)(db, s, sender);
    if (s.changesRequestedAt) return changesRequestedMail(ctx)(db, s, sender);
    if (await latestEntry(db, s.applicationId, "status_changed", "Pending"))
      return statusMail(ctx, "Pending", null)(db, s, sender);
    return receivedMail(ctx, { stillPending: true })(db, s, sender);
  };
}

/**
 * Once the account's address is proved: each application of a meeting not yet over whose current
 * state the applicant was never told (decided, sent back, returned to Pending or requested while
 * the address was unproved), or with messages of the secretariat no mail carried, gets one mail
 * saying its state and carrying those messages. A status that no longer holds is not told, nor a
 * withdrawal, and what was told before (to an earlier address) is not told again. Approved letters
 * are caught up by `notifyAddressVerified` first, carrying their messages.
 */
export async function catchUpStateMail(ctx: AppContext, userId: string): Promise<void> {
  const open = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .where(
      and(
        eq(applications.userId, userId),
        isNull(applications.withdrawnAt),
        gte(meetings.endDate, todayUtc()),
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id));
  for (const { id } of open) await queueStateMailOnce(ctx, id, currentStateMail(ctx));
}
