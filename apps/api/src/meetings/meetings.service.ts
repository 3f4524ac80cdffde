import type { MeetingDto, MeetingFields } from "@visa/domain";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, meetings } from "../db/schema.js";
import { supersedeMeetingLetters } from "../letters/letter-issue.service.js";
import { assertPrintableTexts } from "../letters/printable-text.js";
import { conflict, notFound } from "../lib/errors.js";
import { isForeignKeyViolation, isUniqueViolation } from "../lib/pg-errors.js";
import { meetingPresenter } from "./meeting.presenter.js";
import { MEETING_MESSAGES, meetingDeletionRefusal } from "./meetings.policy.js";

const byStartDate = [asc(meetings.startDate), asc(meetings.name)] as const;

/** Every meeting, earliest start first. */
export async function listMeetings(ctx: AppContext): Promise<MeetingDto[]> {
  const rows = await ctx.db
    .select()
    .from(meetings)
    .orderBy(...byStartDate);
  return rows.map(meetingPresenter);
}

/** The meetings shown in the application form (active ones), earliest start first. */
export async function listActiveMeetings(ctx: AppContext): Promise<MeetingDto[]> {
  const rows = await ctx.db
    .select()
    .from(meetings)
    .where(eq(meetings.isActive, true))
    .orderBy(...byStartDate);
  return rows.map(meetingPresenter);
}

/** Adds a meeting; its name must be new, ignoring case, because imports find meetings by name. */
export async function createMeeting(ctx: AppContext, input: MeetingFields): Promise<MeetingDto> {
  assertPrintableTexts({ name: input.name, location: input.location });
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx.insert(meetings).values(input).returning().catch(rethrowDuplicate);
    if (!row) throw new Error("meeting not created");
    return meetingPresenter(row);
  });
}

/**
 * Replaces every field of a meeting. Letters print its name, location and dates: a change to any
 * of them supersedes the letters issued for it, and each applicant gets the new one (as when a
 * printed field of their application changes).
 */
export async function updateMeeting(ctx: AppContext, id: string, input: MeetingFields): Promise<MeetingDto> {
  assertPrintableTexts({ name: input.name, location: input.location });
  const { row, superseded } = await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, input.name, id);
    const [row] = await tx
      .update(meetings)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(meetings.id, id))
      .returning()
      .catch(rethrowDuplicate);
    if (!row) throw notFound(MEETING_MESSAGES.notFound);
    return { row, superseded: await supersedeMeetingLetters(tx, row) };
  });
  for (const applicationId of superseded) ctx.events.emit("letter.superseded", { applicationId });
  return meetingPresenter(row);
}

/** Deletes a meeting that has no applications; refuses with the count otherwise. */
export async function deleteMeeting(ctx: AppContext, id: string): Promise<void> {
  await ctx.db
    .transaction(async (tx) => {
      // Locking the row makes a concurrent application insert wait, so the count below is final.
      const [meeting] = await tx
        .select({ id: meetings.id })
        .from(meetings)
        .where(eq(meetings.id, id))
        .for("update");
      if (!meeting) throw notFound(MEETING_MESSAGES.notFound);
      const [counted] = await tx
        .select({ n: count() })
        .from(applications)
        .where(eq(applications.meetingId, id));
      const refusal = meetingDeletionRefusal(counted?.n ?? 0);
      if (refusal) throw conflict(refusal);
      await tx.delete(meetings).where(eq(meetings.id, id));
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw conflict("Other records still use this meeting.");
      throw err;
    });
}

async function assertNameFree(tx: DbOrTx, name: string, exceptId?: string): Promise<void> {
  const sameName = eq(sql`lower(${meetings.name})`, name.toLowerCase());
  const [clash] = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(exceptId ? and(sameName, ne(meetings.id, exceptId)) : sameName)
    .limit(1);
  if (clash) throw conflict(MEETING_MESSAGES.duplicateName);
}

function rethrowDuplicate(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict(MEETING_MESSAGES.duplicateName);
  throw err;
}
