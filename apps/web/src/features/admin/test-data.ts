import type { ApplicationDto, MeetingDto } from "@visa/domain";

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

/** The n-th of a list of Pending requests: id `a{n}`, named `Person{n} Tester`. */
export function pendingNumbered(n: number): ApplicationDto {
  return {
    _id: `a${n}`,
    firstName: `Person${n}`,
    lastName: "Tester",
    email: `person${n}@example.com`,
    status: "Pending",
    createdAt: "2098-01-02T15:00:00.000Z",
  } as ApplicationDto;
}
