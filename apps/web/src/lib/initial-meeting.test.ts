import type { MeetingDto } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { chooseInitialMeeting, sortByStartDate } from "./initial-meeting";

function meeting(name: string, startDay: string, isActive = true): MeetingDto {
  return {
    _id: name,
    name,
    location: "Dallas",
    startDate: `${startDay}T00:00:00.000Z`,
    endDate: `${startDay}T00:00:00.000Z`,
    isActive,
    pickUpOffered: false,
    pickUpPlace: "",
    reviewDays: null,
  };
}

const NOW = new Date("2025-06-15T12:00:00.000Z");

describe("chooseInitialMeeting", () => {
  it("picks the earliest active meeting that starts in the future", () => {
    const list = [
      meeting("Past", "2025-01-10"),
      meeting("Later", "2025-11-01"),
      meeting("Next", "2025-08-01"),
      meeting("Sooner but inactive", "2025-07-01", false),
    ];
    expect(chooseInitialMeeting(list, NOW)?.name).toBe("Next");
  });

  it("counts a meeting starting today as upcoming", () => {
    const list = [meeting("Today", "2025-06-15"), meeting("Later", "2025-09-01")];
    expect(chooseInitialMeeting(list, NOW)?.name).toBe("Today");
  });

  it("falls back to the active meeting that started most recently", () => {
    const list = [
      meeting("Old", "2024-03-01"),
      meeting("Recent", "2025-05-01"),
      meeting("Upcoming but inactive", "2025-09-01", false),
    ];
    expect(chooseInitialMeeting(list, NOW)?.name).toBe("Recent");
  });

  it("falls back to the first meeting by start date when none is active", () => {
    const list = [meeting("B", "2025-09-01", false), meeting("A", "2024-09-01", false)];
    expect(chooseInitialMeeting(list, NOW)?.name).toBe("A");
  });

  it("gives null without meetings", () => {
    expect(chooseInitialMeeting([], NOW)).toBeNull();
  });
});

describe("sortByStartDate", () => {
  it("orders by start day and leaves the input untouched", () => {
    const list = [meeting("C", "2025-03-01"), meeting("A", "2025-01-01"), meeting("B", "2025-02-01")];
    expect(sortByStartDate(list).map((m) => m.name)).toEqual(["A", "B", "C"]);
    expect(list.map((m) => m.name)).toEqual(["C", "A", "B"]);
  });
});
