import { toDay } from "@visa/domain";

/** Requests whose visa appointment is this many days away or fewer are highlighted for admins. */
export const APPOINTMENT_DUE_DAYS = 14;

/**
 * Days from `today` ("YYYY-MM-DD", UTC) to the appointment when it is due within
 * APPOINTMENT_DUE_DAYS (0 = today), else null (none given, already past, or further away).
 */
export function appointmentDueIn(appointment: string | null, today = new Date().toISOString().slice(0, 10)) {
  const day = appointment ? toDay(appointment) : null;
  if (!day) return null;
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 864e5);
  return days >= 0 && days <= APPOINTMENT_DUE_DAYS ? days : null;
}
