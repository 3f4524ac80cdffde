import {
  APPLICANT_HISTORY_KINDS,
  type HistoryChangeDto,
  type HistoryEntryDto,
  type HistoryKind,
  IDENTIFIER_FIELDS,
} from "@visa/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { APPLICATION_MESSAGES, canSeeApplication } from "../applications/application.policy.js";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applicationHistory, applications, users } from "../db/schema.js";
import { columnNames, unnestOf } from "../db/unnest.js";
import { notFound } from "../lib/errors.js";
import { historyEntryPresenter } from "./history.presenter.js";
import { unseenMessage } from "./unseen-messages.js";

/** One entry to record; everything but the application and the kind is optional. */
export interface HistoryEventInput {
  applicationId: string;
  kind: HistoryKind;
  /** Who did it; null or absent for the system (the mail queue, a scheduled purge). */
  actorId?: string | null;
  fromStatus?: string;
  toStatus?: string;
  reason?: string | null;
  text?: string | null;
  changes?: HistoryChangeDto[];
}

/**
 * Records one event in an application's history. Pass the transaction that makes the change, so
 * the entry exists exactly when the change does.
 */
export async function recordEvent(db: DbOrTx, event: HistoryEventInput): Promise<void> {
  await recordEvents(db, [event]);
}

/** The columns an entry is written with; the id, the time and the order are the database's. */
const EVENT_KEYS = [
  "applicationId",
  "kind",
  "actorId",
  "fromStatus",
  "toStatus",
  "reason",
  "text",
  "changes",
] as const;

/**
 * Records several events in one statement (a bulk action, an import), in their order: one array
 * per column, so 10,000 entries of an import are eight parameters, not 80,000.
 */
export async function recordEvents(db: DbOrTx, events: HistoryEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    applicationId: e.applicationId,
    kind: e.kind,
    actorId: e.actorId ?? null,
    fromStatus: e.fromStatus ?? null,
    toStatus: e.toStatus ?? null,
    reason: e.reason || null,
    text: e.text || null,
    changes: e.changes && e.changes.length > 0 ? JSON.stringify(e.changes) : null,
  }));
  await db.execute(sql`
    insert into ${applicationHistory} (${columnNames(applicationHistory, EVENT_KEYS)})
    select * from ${unnestOf(applicationHistory, EVENT_KEYS, rows, (row, key) => row[key])}`);
}

/** A stored value as the history shows it: dates and flags as text, empty as "". */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * The fields whose values differ between `before` and `after` (only the keys of `after` are
 * compared). Personal identifiers are listed without their values.
 */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[] = [],
): HistoryChangeDto[] {
  const changes: HistoryChangeDto[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (ignore.includes(field) || value === undefined) continue;
    const from = shown(before[field]);
    const to = shown(value);
    if (from === to) continue;
    changes.push(IDENTIFIER_FIELDS.includes(field) ? { field } : { field, from, to });
  }
  return changes;
}

/**
 * An application's history, oldest first: admins see every entry; its owner sees status changes
 * (with reasons), messages and requests for changes, never notes, its messages written since they
 * last acted on it marked unseen. Anyone else gets 404.
 */
export async function readHistory(
  ctx: AppContext,
  actor: Actor,
  applicationId: string,
): Promise<HistoryEntryDto[]> {
  const [app] = await ctx.db
    .select({ userId: applications.userId, status: applications.status, meetingId: applications.meetingId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!app || !canSeeApplication(actor, app)) throw notFound(APPLICATION_MESSAGES.notFound);
  const rows = await ctx.db
    .select({
      entry: applicationHistory,
      actor: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      // Only the owner's own reading marks what they have not seen; admins see the whole record.
      unseen: actor.isAdmin ? sql<boolean>`false` : unseenMessage(actor.userId),
    })
    .from(applicationHistory)
    .leftJoin(users, eq(users.id, applicationHistory.actorId))
    .where(
      and(
        eq(applicationHistory.applicationId, applicationId),
        actor.isAdmin ? undefined : inArray(applicationHistory.kind, [...APPLICANT_HISTORY_KINDS]),
      ),
    )
    .orderBy(asc(applicationHistory.createdAt), asc(applicationHistory.seq));
  return rows.map((r) => historyEntryPresenter(r.entry, r.actor, actor, r.unseen));
}
