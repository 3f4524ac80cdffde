import type { MeetingDto } from "@visa/domain";

/** A meeting as the server presents it, one day long from `startDay` ("YYYY-MM-DD"). */
export function meeting(id: string, name: string, startDay: string, isActive = true): MeetingDto {
  const startDate = `${startDay}T00:00:00.000Z`;
  return {
    _id: id,
    name,
    location: "Dallas, TX",
    startDate,
    endDate: startDate,
    isActive,
    pickUpOffered: false,
    pickUpPlace: "",
    reviewDays: null,
  };
}
