import {
  ADMIN_ONLY_APPLICATION_KEYS,
  type ApplicationCreate,
  type ApplicationDto,
  type ApplicationUpdate,
  DEPARTURE_ORDER_MESSAGE,
  PASSPORT_VALIDITY_MESSAGE,
  passportCoversStay,
  stateRequired,
} from "@visa/domain";
import { count, eq, inArray } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, meetings, users } from "../db/schema.js";
import { fieldChanges, recordEvent } from "../history/history.service.js";
import { revokeLetter, supersedeChangedLetters } from "../letters/letter-issue.service.js";
import { assertPrintable } from "../letters/printable-text.js";
import { badRequest, conflict, forbidden, notFound, preconditionFailed } from "../lib/errors.js";
import {
  APPLICATION_MESSAGES,
  canSeeApplication,
  matchesVersion,
  updateRefusal,
} from "./application.policy.js";
import { type ApplicationRow, applicationPresenter } from "./application.presenter.js";
import { readApplication, readApplicationForReview } from "./application.queries.js";
import { passportKeyOf } from "./passport-key.js";
import { reviewWarnings } from "./warnings.service.js";

/** A meeting the application may be filed under: it must exist, and be active unless an admin asks. */
async function assertMeetingOpen(db: DbOrTx, meetingId: string, allowInactive: boolean) {
  const [meeting] = await db
    .select({ isActive: meetings.isActive, pickUpOffered: meetings.pickUpOffered })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  if (!meeting) throw badRequest("The selected meeting does not exist", ["meeting"]);
  if (!meeting.isActive && !allowInactive) {
    throw badRequest("The selected meeting is not open for applications", ["meeting"]);
  }
  return meeting;
}

/**
 * Refuses a new application when the account already owns `max`. The account's row is locked
 * first, so two requests at once cannot both take the last place.
 */
async function assertRoomForApplication(tx: DbOrTx, userId: string, max: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [owned] = await tx.select({ n: count() }).from(applications).where(eq(applications.userId, userId));
  if ((owned?.n ?? 0) >= max) {
    throw conflict(`An account can have at most ${max} applications. Delete one you no longer need first.`);
  }
}

/** The application as its owner or an admin sees it; 404 for everyone else. */
export async function getApplication(ctx: AppContext, actor: Actor, id: string): Promise<ApplicationDto> {
  const reads = ctx.statements.applications;
  // Only an admin's read carries what the warnings compare with: other people's names.
  if (actor.isAdmin) {
    const record = await readApplicationForReview(reads, id);
    if (!record || !canSeeApplication(actor, record.app)) throw notFound(APPLICATION_MESSAGES.notFound);
    return applicationPresenter(record, actor, reviewWarnings(record));
  }
  const record = await readApplication(reads, id);
  if (!record || !canSeeApplication(actor, record.app)) throw notFound(APPLICATION_MESSAGES.notFound);
  return applicationPresenter(record, actor);
}

/** Creates a Pending application owned by the actor in an active meeting. */
export async function createApplication(
  ctx: AppContext,
  actor: Actor,
  { meeting, ...input }: ApplicationCreate,
): Promise<ApplicationDto> {
  assertPrintable(input);
  const id = await ctx.db.transaction(async (tx) => {
    const { pickUpOffered } = await assertMeetingOpen(tx, meeting, false);
    await assertRoomForApplication(tx, actor.userId, ctx.config.maxApplicationsPerUser);
    const [row] = await tx
      .insert(applications)
      .values({
        ...input,
        // The pick-up question is asked only where the meeting offers it.
        pickUpInOrlando: pickUpOffered && input.pickUpInOrlando,
        meetingId: meeting,
        userId: actor.userId,
        status: "Pending",
        passportKey: passportKeyOf(input.passportNumber),
      })
      .returning({ id: applications.id });
    if (!row) throw new Error("insert returned no row");
    await recordEvent(tx, { applicationId: row.id, kind: "created", actorId: actor.userId });
    return row.id;
  });
  ctx.events.emit("application.created", { applicationId: id, actorId: actor.userId });
  return getApplication(ctx, actor, id);
}

/** The columns to write: a user's admin-only fields are dropped (status was refused by the policy). */
function columnsToWrite(actor: Actor, change: ApplicationUpdate, current: ApplicationRow) {
  const { meeting, ...fields } = change;
  const set: Partial<typeof applications.$inferInsert> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (!actor.isAdmin && ADMIN_ONLY_APPLICATION_KEYS.includes(k)) continue;
    (set as Record<string, unknown>)[k] = v;
  }
  if (meeting !== undefined && meeting !== current.meetingId) set.meetingId = meeting;
  // An admin's decision on a withdrawn request reopens it: it is no longer shown as withdrawn.
  if (set.status !== undefined && set.status !== current.status) set.withdrawnAt = null;
  if (set.passportNumber !== undefined) set.passportKey = passportKeyOf(set.passportNumber);
  return set;
}

/** Updates an application within what the actor may change; refused changes leave it untouched. */
export async function updateApplication(
  ctx: AppContext,
  actor: Actor,
  id: string,
  { statusReason, ...change }: ApplicationUpdate & { statusReason?: string },
  { ifMatch }: { ifMatch?: string } = {},
): Promise<ApplicationDto> {
  assertPrintable(change);
  const statuses = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(applications).where(eq(applications.id, id)).for("update");
    if (!current || !canSeeApplication(actor, current)) throw notFound(APPLICATION_MESSAGES.notFound);
    if (!matchesVersion(ifMatch, current.updatedAt)) {
      throw preconditionFailed(APPLICATION_MESSAGES.changedSinceRead);
    }
    const refusal = updateRefusal(actor, current, change);
    if (refusal) throw forbidden(refusal);
    const set = columnsToWrite(actor, change, current);
    // An approval issues the letter: what it prints must be printable, older stored values included.
    if (set.status === "Approved" && current.status !== "Approved") assertPrintable({ ...current, ...set });
    if (set.meetingId) await assertMeetingOpen(tx, set.meetingId, actor.isAdmin);
    const arrival = set.dateOfArrival ?? current.dateOfArrival;
    const departure = set.dateOfDeparture ?? current.dateOfDeparture;
    if (departure < arrival) throw badRequest(DEPARTURE_ORDER_MESSAGE, ["dateOfDeparture"]);
    // Checked when the edit moves either date: an untouched older application stays editable.
    const expiry = set.passportExpirationDate ?? current.passportExpirationDate;
    const datesMoved = expiry !== current.passportExpirationDate || departure !== current.dateOfDeparture;
    if (datesMoved && !passportCoversStay(expiry, departure)) {
      throw badRequest(PASSPORT_VALIDITY_MESSAGE, ["passportExpirationDate"]);
    }
    assertStateWhereRequired(current, set);
    if (Object.keys(set).length === 0) return null;
    Object.assign(set, reviewColumns(actor, current, set.status, statusReason));
    const [updated] = await tx
      .update(applications)
      .set({ ...set, lastUpdatedById: actor.userId, updatedAt: new Date() })
      .where(eq(applications.id, id))
      .returning({ status: applications.status });
    const to = updated?.status ?? current.status;
    await recordUpdate(tx, actor.userId, current, set);
    const letter = await settleLetter(tx, id, current.status, to);
    return { from: current.status, to, superseded: letter === "superseded" };
  });
  if (statuses) {
    const { superseded, ...change } = statuses;
    ctx.events.emit("application.updated", { applicationId: id, actorId: actor.userId, ...change });
    if (superseded) ctx.events.emit("letter.superseded", { applicationId: id });
  }
  return getApplication(ctx, actor, id);
}

/**
 * An edit that changes the address's country or its State/Province leaves one where the country
 * has states; an untouched older address stays editable.
 */
function assertStateWhereRequired(
  current: Pick<ApplicationRow, "country" | "state">,
  set: Partial<typeof applications.$inferInsert>,
): void {
  const country = set.country ?? current.country;
  const state = set.state ?? current.state;
  const moved = country !== current.country || state !== current.state;
  if (moved && stateRequired(country) && !state.trim()) throw badRequest("state is required", ["state"]);
}

/**
 * What a status change or an applicant's edit does to the review: a new status keeps its reason
 * (a rejection's) and closes a request for changes; the applicant's own edit closes it too.
 */
export function reviewColumns(
  actor: { isAdmin: boolean },
  current: Pick<ApplicationRow, "status" | "changesRequestedAt">,
  status: string | undefined,
  reason: string | undefined,
): Partial<typeof applications.$inferInsert> {
  if (status && status !== current.status) return { statusReason: reason ?? "", changesRequestedAt: null };
  if (!actor.isAdmin && current.changesRequestedAt) return { changesRequestedAt: null };
  return {};
}

/** Columns that are bookkeeping or recorded on their own, never as changed fields. */
const NOT_FIELDS = [
  "passportKey",
  "status",
  "statusReason",
  "changesRequestedAt",
  "meetingId",
  "lastUpdatedById",
  "updatedAt",
  "withdrawnAt",
];

/** The edit's history: the fields it changed (the meeting by name) and its status change. */
async function recordUpdate(
  tx: DbOrTx,
  actorId: string,
  current: ApplicationRow,
  set: Partial<typeof applications.$inferInsert>,
): Promise<void> {
  const changes = fieldChanges(current, set, NOT_FIELDS);
  if (set.meetingId && set.meetingId !== current.meetingId) {
    const names = await tx
      .select({ id: meetings.id, name: meetings.name })
      .from(meetings)
      .where(inArray(meetings.id, [current.meetingId, set.meetingId]));
    const name = (mid: string) => names.find((m) => m.id === mid)?.name ?? "";
    changes.push({ field: "meeting", from: name(current.meetingId), to: name(set.meetingId) });
  }
  if (changes.length > 0)
    await recordEvent(tx, { applicationId: current.id, kind: "fields_changed", actorId, changes });
  if (set.status && set.status !== current.status) {
    await recordEvent(tx, {
      applicationId: current.id,
      kind: "status_changed",
      actorId,
      fromStatus: current.status,
      toStatus: set.status,
      reason: set.statusReason,
    });
  }
}

/**
 * In the edit's transaction: a letter stops being valid with its approval, and a change to a
 * printed field of an approved application supersedes it.
 */
async function settleLetter(tx: DbOrTx, id: string, from: string, to: string) {
  if (from === "Approved" && to !== "Approved") {
    await revokeLetter(tx, id, to === "Rejected" ? "rejected" : "withdrawn");
    return "revoked";
  }
  if (to === "Approved" && (await supersedeChangedLetters(tx, [id])).length > 0) return "superseded";
  return null;
}

/** Deletes an application and its documents (admins only, checked by the route guard). */
export async function deleteApplication(ctx: AppContext, id: string): Promise<void> {
  const [deleted] = await ctx.db.transaction(async (tx) => {
    await revokeLetter(tx, id, "deleted");
    return tx.delete(applications).where(eq(applications.id, id)).returning({ id: applications.id });
  });
  if (!deleted) throw notFound(APPLICATION_MESSAGES.notFound);
  ctx.events.emit("application.deleted", { applicationId: id });
}
