import {
  type ApplicationStatus,
  type ApplicationWarning,
  applicationWarnings,
  type DuplicateRequest,
  type IdentifiedWarningFields,
  meetingWarnings,
  passportKey,
  personKey,
  type WarningCode,
  type WarningOthers,
} from "@visa/domain";
import { inArray, sql } from "drizzle-orm";
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
const RULE_FIELDS = Object.keys(RULE_COLUMNS) as (keyof typeof RULE_COLUMNS)[];
type RuleRow = IdentifiedWarningFields & { meetingId: string };

/**
 * The rule columns of every application read as one JSON array of arrays, in RULE_FIELDS' order,
 * not as a row each: the embedded database's driver decodes every field of every row on its own,
 * and the 90,000 fields of a meeting of 10,000 applications took it about 300 ms to hand over as rows,
 * about 100 ms as one JSON value (dates come out as YYYY-MM-DD either way).
 */
const packedRuleRows = sql<(string | null)[][] | string>`coalesce(json_agg(json_build_array(${sql.join(
  Object.values(RULE_COLUMNS),
  sql`, `,
)})), '[]')`;

/** The rule columns of every application of the given meetings. */
async function readRuleRows(db: DbOrTx, meetingIds: string[]): Promise<RuleRow[]> {
  const [packed] = await db
    .select({ rows: packedRuleRows })
    .from(applications)
    .where(inArray(applications.meetingId, meetingIds));
  // Drivers hand json back parsed; parse text defensively, as toRecord does.
  const rows =
    typeof packed?.rows === "string" ? (JSON.parse(packed.rows) as unknown[][]) : (packed?.rows ?? []);
  return rows.map((values) => {
    const row = {} as Record<keyof typeof RULE_COLUMNS, string | null>;
    RULE_FIELDS.forEach((field, i) => {
      row[field] = (values[i] as string | null | undefined) ?? null;
    });
    return row as RuleRow;
  });
}

/**
 * The data-quality warnings of every application of the given meetings, by application id (only
 * those with at least one): what the 'has warnings' filter needs. The duplicate rules compare
 * each with its whole meeting, so the meeting's key columns are read.
 */
export async function warningsOfMeetings(db: DbOrTx, meetingIds: string[]): Promise<Warnings> {
  if (meetingIds.length === 0) return new Map();
  const rows = await readRuleRows(db, meetingIds);
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
  const byMeeting = new Map<string, RuleRow[]>();
  for (const row of rows) {
    const group = byMeeting.get(row.meetingId);
    if (group) group.push(row);
    else byMeeting.set(row.meetingId, [row]);
  }
  const result: Warnings = new Map();
  for (const meeting of settings) {
    const found = meetingWarnings(byMeeting.get(meeting.id) ?? [], meeting);
    for (const [id, warnings] of found) if (warnings.length > 0) result.set(id, warnings);
  }
  return result;
}

/** Another request of the meeting as application.queries.ts reads it: id, first name, last name, status. */
export type OtherRequestRow = [string, string, string, string];

/** What the rest of its meeting shares with an application, read with it (application.queries.ts). */
export interface SameMeeting {
  /** The other requests of the meeting with the same passport. */
  samePassport: OtherRequestRow[];
  /** The other requests of the meeting with the same birthdate (the same person or not). */
  sameBirthdate: OtherRequestRow[];
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

/** Another request as a duplicate warning names it to an admin. */
function duplicateRequest([id, firstName, lastName, status]: OtherRequestRow): DuplicateRequest {
  return { _id: id, firstName, lastName, status: status as ApplicationStatus };
}

/**
 * The warnings of an application read for review (a page of the list, a detail page): the
 * domain's rules, with the others of its meeting as its duplicates found them, so a page costs
 * the same in a meeting of ten or of ten thousand. Each duplicate warning names the other
 * requests it is about (`others`): this is the admins' path only, as getApplication and the
 * admin list are; the applicant's answers carry no warnings.
 */
export function reviewWarnings({ app, meeting, sameMeeting }: Reviewed): ApplicationWarning[] {
  const passport = passportKey(app.passportKey);
  // Worked out only when there is another's to compare with (most rows of a page).
  const person = sameMeeting.sameBirthdate.length > 0 ? personKey(app) : null;
  // The same person: the same birthdate (the probe's) and the same folded names.
  const samePerson = sameMeeting.sameBirthdate.filter(
    ([, firstName, lastName]) =>
      person !== null && personKey({ firstName, lastName, birthdate: app.birthdate }) === person,
  );
  const others: WarningOthers = {
    passportKeys: new Set(sameMeeting.samePassport.length > 0 && passport ? [passport] : []),
    personKeys: new Set(samePerson.length > 0 && person ? [person] : []),
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
  const about: Partial<Record<WarningCode, OtherRequestRow[]>> = {
    "duplicate-passport": sameMeeting.samePassport,
    "duplicate-person": samePerson,
  };
  return applicationWarnings(fields, meeting, others).map((warning) => {
    const rows = about[warning.code];
    return rows ? Object.assign(warning, { others: rows.map(duplicateRequest) }) : warning;
  });
}
