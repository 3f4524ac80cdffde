import { z } from "zod";

/** The word an admin types to purge old applications (like Delete for one application). */
export const PURGE_CONFIRMATION_WORD = "Purge";

export const PURGE_MESSAGES = {
  confirmationRequired: `Type ${PURGE_CONFIRMATION_WORD} to confirm the purge`,
} as const;

/** POST /api/admin/purge: refused unless the confirmation word is sent exactly. */
export const purgeRequestSchema = z.object(
  {
    confirm: z.literal(PURGE_CONFIRMATION_WORD, { error: PURGE_MESSAGES.confirmationRequired }),
  },
  { error: PURGE_MESSAGES.confirmationRequired },
);
export type PurgeRequest = z.infer<typeof purgeRequestSchema>;

/** A meeting's applications counted by status. */
export interface PurgeCountsDto {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
}

/** A meeting whose applications may be purged now, with what it holds. */
export interface PurgeEligibleMeetingDto extends PurgeCountsDto {
  meetingId: string;
  name: string;
  startDate: string;
  endDate: string;
}

/** One past purge of a meeting: the counts kept of the applications it deleted. */
export interface PurgeRecordDto extends PurgeCountsDto {
  _id: string;
  /** Null once the meeting itself has been deleted; its name and days are kept here. */
  meetingId: string | null;
  name: string;
  startDate: string;
  endDate: string;
  purgedAt: string;
  /** Who started it: an admin on the Manage Meetings screen, or the daily schedule. */
  trigger: "admin" | "schedule";
}

/** GET /api/admin/purge: what a purge would delete now, and what past purges kept. */
export interface PurgePreviewDto {
  purgeAfterDays: number;
  /** Meetings that ended before this day (UTC midnight) are eligible. */
  cutoffDate: string;
  /** Whether the server purges by itself once a day (PURGE_SCHEDULE). */
  schedule: "off" | "daily";
  eligible: PurgeEligibleMeetingDto[];
  purges: PurgeRecordDto[];
  /** The sum of every past purge's counts. */
  kept: PurgeCountsDto;
}

/** POST /api/admin/purge: how many applications each meeting lost. */
export interface PurgeResultDto {
  meetings: { meetingId: string; name: string; purged: number }[];
  total: number;
}
