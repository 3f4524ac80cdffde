import {
  type ApplicationDto,
  type ApplicationWarning,
  applicationWarnings,
  type MeetingDto,
  passportKey,
  personKey,
  type WarningApplicationFields,
} from "@visa/domain";

/**
 * The review desk's warnings for a request about to be sent: the shared rules, with the
 * applicant's own earlier requests for the same meeting (not withdrawn ones) as the others, so
 * asking twice for one meeting is caught before it reaches the secretariat.
 */
export function submitWarnings(
  values: WarningApplicationFields,
  meeting: MeetingDto,
  mine: readonly ApplicationDto[] = [],
): ApplicationWarning[] {
  const earlier = mine.filter((a) => a.meeting?._id === meeting._id && !a.withdrawnAt);
  const passportKeys = new Set(earlier.map((a) => passportKey(a.passportNumber)).filter((k) => k !== null));
  const personKeys = new Set(earlier.map((a) => personKey(a)).filter((k) => k !== null));
  return applicationWarnings(values, meeting, { passportKeys, personKeys });
}
