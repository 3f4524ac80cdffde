import { describe, expect, it } from "vitest";
import { meetingDeletionRefusal } from "./meetings.policy.js";

describe("meetingDeletionRefusal", () => {
  it("lets a meeting without applications go", () => {
    expect(meetingDeletionRefusal(0)).toBeNull();
  });
  it("refuses while applications exist, saying how many", () => {
    expect(meetingDeletionRefusal(1)).toBe("This meeting has 1 application. Delete it first.");
    expect(meetingDeletionRefusal(12)).toBe("This meeting has 12 applications. Delete them first.");
  });
});
