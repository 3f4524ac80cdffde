import { z } from "zod";
import { boolField, dayField, optionalText, requiredText } from "./fields.js";

/** A meeting's end before its start (product rule; the spec had no date-order check). */
export const MEETING_DATE_ORDER_MESSAGE = "End date must be on or after the start date";
export const PICK_UP_PLACE_MESSAGE = "Pick-up place is required when airport pick-up is offered";

/** Days the secretariat expects to take over a request: a whole number from 1 to 365, or none. */
const reviewDays = z
  .number({ message: "must be a number of days" })
  .int({ message: "must be a whole number of days" })
  .min(1, { message: "must be at least 1 day" })
  .max(365, { message: "must be at most 365 days" })
  .nullable();

/** A whole number of months or days for a warning setting (0 turns the check off). */
const warningSetting = (max: number, unit: string) =>
  z
    .number({ message: `must be a number of ${unit}` })
    .int({ message: `must be a whole number of ${unit}` })
    .min(0, { message: `must be at least 0 ${unit}` })
    .max(max, { message: `must be at most ${max} ${unit}` });

/**
 * A meeting as admins write it. The meeting's own questions (airport pick-up, expected review
 * time) are optional on the wire: a client that does not send them leaves them as they are.
 */
export const meetingInputSchema = z
  .object({
    name: requiredText(200),
    startDate: dayField,
    endDate: dayField,
    location: requiredText(200),
    isActive: boolField.optional().default(true),
    pickUpOffered: boolField.optional(),
    pickUpPlace: optionalText(100).optional(),
    reviewDays: reviewDays.optional(),
    // Data-quality warnings (warnings.ts): defaults 6 months and 7 days, kept when not sent.
    passportValidityMonths: warningSetting(60, "months").optional(),
    datesToleranceDays: warningSetting(365, "days").optional(),
  })
  .refine((m) => m.endDate >= m.startDate, { message: MEETING_DATE_ORDER_MESSAGE, path: ["endDate"] })
  .refine((m) => !m.pickUpOffered || Boolean(m.pickUpPlace?.trim()), {
    message: PICK_UP_PLACE_MESSAGE,
    path: ["pickUpPlace"],
  });
export type MeetingInput = z.input<typeof meetingInputSchema>;
/** A meeting as validated (days as "YYYY-MM-DD"); the questions not sent are left as stored. */
export type MeetingFields = z.output<typeof meetingInputSchema>;

/** The question the application form asks where a meeting offers airport pick-up. */
export function pickUpQuestion(place: string): string {
  return `Pick-up at ${place}?`;
}
