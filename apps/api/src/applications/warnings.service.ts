import {
  type ApplicationWarning,
  applicationWarnings,
  meetingWarnings,
  passportKey,
  personKey,
  type WarningOthers,
} from "@visa/domain";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications, meetings } from "../db/schema.js";
import type { ApplicationRecord, ApplicationRow, MeetingRow } from "./application.presenter.js";

type Warnings = Map<string, ApplicationWarning[]>;

/** The columns the rules read (the passport as its normalised key). */
const RULE_COLUMNS = {
  id: applications.id,
  meetingId: applications.meetingId,
  firstName: applications.firstName,
  lastName: applications.lastName,
  birthdate: applications.birthdate,
  passportNumber: applications.passportKey,
  passportExpirationDate: applications.passportExpirationDate,
  dateOfArrival: applications.dateOfArrival,
  dateOfDeparture: applications.dateOfDeparture,
};

/**
 * The data-quality warnings of every application of the given meetings, by application id (only
 * those with at least one): what the 'has warnings' filter needs. The duplicate rules compare
 * each with its whole meeting, so the meeting's key columns are read.
 */
export async function warningsOfMeetings(db: DbOrTx, meetingIds: string[]): Promise<Warnings> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db
    .select(RULE_COLUMNS)
    .from(applications)
    .where(inArray(applications.meetingId, meetingIds));
  const settings = await db
    .select({
      id: meetings.id,
      startDate: meetings.startDate,
      endDate: meetings.endDate,
      passportValidityMonths: meetings.passportValidityMonths,
      datesToleranceDays: meetings.datesToleranceDays,
    })
    .from(meetings)
    .where(inArray(meetings.id, meetingIds));
  const result: Warnings = new Map();
  for (const meeting of settings) {
    const found = meetingWarnings(
      rows.filter((r) => r.meetingId === meeting.id),
      meeting,
    );
    for (const [id, warnings] of found) if (warnings.length > 0) result.set(id, warnings);
  }
  return result;
}

/** What the rest of its meeting shares with an application, read with it (application.queries.ts). */
export interface SameMeeting {
  /** Another request of the meeting has the same passport. */
  samePassport: boolean;
  /** First and last names on the other requests of the meeting with the same birthdate. */
  sameBirthdateNames: [string, string][];
}

/** An application as an admin reviews it: its record and what its meeting shares with it. */
export type ReviewRecord = ApplicationRecord & { sameMeeting: SameMeeting };

/** What the rules read: the application's own fields, its meeting's days and settings, the rest of its meeting. */
export interface Reviewed {
  app: Pick<
    ApplicationRow,
    | "firstName"
    | "lastName"
    | "birthdate"
    | "passportKey"
    | "passportExpirationDate"
    | "dateOfArrival"
    | "dateOfDeparture"
  >;
  meeting: Pick<MeetingRow, "startDate" | "endDate" | "passportValidityMonths" | "datesToleranceDays">;
  sameMeeting: SameMeeting;
}

/**
 * The warnings of an application read for review (a page of the list, a detail page): the
 * domain's rules, with the others of its meeting as its duplicates found them, so a page costs
 * the same in a meeting of ten or of ten thousand.
 */
export function reviewWarnings({ app, meeting, sameMeeting }: Reviewed): ApplicationWarning[] {
  const passport = passportKey(app.passportKey);
  const personKeys = sameMeeting.sameBirthdateNames.map(([firstName, lastName]) =>
    personKey({ firstName, lastName, birthdate: app.birthdate }),
  );
  const others: WarningOthers = {
    passportKeys: new Set(sameMeeting.samePassport && passport ? [passport] : []),
    personKeys: new Set(personKeys.filter((k) => k !== null)),
  };
  const fields = {
    firstName: app.firstName,
    lastName: app.lastName,
    birthdate: app.birthdate,
    passportNumber: app.passportKey,
    passportExpirationDate: app.passportExpirationDate,
    dateOfArrival: app.dateOfArrival,
    dateOfDeparture: app.dateOfDeparture,
  };
  return applicationWarnings(fields, meeting, others);
}
