import { DEFAULT_LETTER_TEMPLATE, type LetterTemplate, type LetterTemplateDto } from "@visa/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { letterTemplates, meetings } from "../db/schema.js";
import { notFound } from "../lib/errors.js";
import { templatePresenter } from "./letters.presenter.js";
import { assertPrintableTexts } from "./printable-text.js";

export const MEETING_NOT_FOUND = "Meeting not found";

async function assertMeeting(db: DbOrTx, meetingId: string): Promise<void> {
  const [m] = await db.select({ id: meetings.id }).from(meetings).where(eq(meetings.id, meetingId));
  if (!m) throw notFound(MEETING_NOT_FOUND);
}

/** The text letters of a meeting use: its own template, else the default. */
export async function templateFor(
  db: DbOrTx,
  meetingId: string,
): Promise<{ addressee: string; body: string; updatedAt: Date | null; isDefault: boolean }> {
  const [row] = await db.select().from(letterTemplates).where(eq(letterTemplates.meetingId, meetingId));
  if (row) return { ...row, isDefault: false };
  return { ...DEFAULT_LETTER_TEMPLATE, updatedAt: null, isDefault: true };
}

/** A meeting's template for the admin screen; 404 when the meeting does not exist. */
export async function getTemplate(ctx: AppContext, meetingId: string): Promise<LetterTemplateDto> {
  await assertMeeting(ctx.db, meetingId);
  const t = await templateFor(ctx.db, meetingId);
  return templatePresenter(meetingId, t, t.isDefault);
}

/** Saves a meeting's own template (already validated: every placeholder exists). */
export async function saveTemplate(
  ctx: AppContext,
  meetingId: string,
  input: LetterTemplate,
): Promise<LetterTemplateDto> {
  assertPrintableTexts({ addressee: input.addressee, body: input.body });
  return ctx.db.transaction(async (tx) => {
    await assertMeeting(tx, meetingId);
    const values = { addressee: input.addressee, body: input.body, updatedAt: new Date() };
    const [row] = await tx
      .insert(letterTemplates)
      .values({ meetingId, ...values })
      .onConflictDoUpdate({ target: letterTemplates.meetingId, set: values })
      .returning();
    if (!row) throw new Error("template not saved");
    return templatePresenter(meetingId, row, false);
  });
}

/** Drops a meeting's own template, so its letters use the default again. */
export async function deleteTemplate(ctx: AppContext, meetingId: string): Promise<LetterTemplateDto> {
  await assertMeeting(ctx.db, meetingId);
  await ctx.db.delete(letterTemplates).where(eq(letterTemplates.meetingId, meetingId));
  return getTemplate(ctx, meetingId);
}
