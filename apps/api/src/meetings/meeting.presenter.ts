import { dayToIso, type MeetingDto } from "@visa/domain";
import type { meetings } from "../db/schema.js";

type MeetingRow = typeof meetings.$inferSelect;

/** The only shape of a meeting that leaves the server; its days as UTC-midnight timestamps. */
export function meetingPresenter(
  m: Pick<
    MeetingRow,
    | "id"
    | "name"
    | "location"
    | "startDate"
    | "endDate"
    | "isActive"
    | "pickUpOffered"
    | "pickUpPlace"
    | "reviewDays"
    | "passportValidityMonths"
    | "datesToleranceDays"
  >,
): MeetingDto {
  return {
    _id: m.id,
    name: m.name,
    location: m.location,
    startDate: dayToIso(m.startDate),
    endDate: dayToIso(m.endDate),
    isActive: m.isActive,
    pickUpOffered: m.pickUpOffered,
    pickUpPlace: m.pickUpPlace,
    reviewDays: m.reviewDays,
    passportValidityMonths: m.passportValidityMonths,
    datesToleranceDays: m.datesToleranceDays,
  };
}
