import { z } from "zod";
import { boolField, dayField, requiredText } from "./fields.js";

// The spec asks for no date-order check on meetings; the form trusts the secretariat here.
export const meetingInputSchema = z.object({
  name: requiredText(200),
  startDate: dayField,
  endDate: dayField,
  location: requiredText(200),
  isActive: boolField.optional().default(true),
});
export type MeetingInput = z.input<typeof meetingInputSchema>;
