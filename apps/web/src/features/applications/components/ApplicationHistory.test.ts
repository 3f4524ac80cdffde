import type { HistoryEntryDto } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { describeEntry } from "./ApplicationHistory";

const revoked = (reason: string): HistoryEntryDto => ({
  _id: "h1",
  kind: "letter_revoked",
  at: "2030-01-06T15:00:00.000Z",
  by: null,
  text: "VL-AB12-CD34-EF56-GH78",
  reason,
});

describe("a revoked letter in the secretariat's history", () => {
  it("names a request for changes as the cause, not a withdrawal", () => {
    expect(describeEntry(revoked("changes_requested"))).toBe(
      "Letter VL-AB12-CD34-EF56-GH78 revoked (changes were requested)",
    );
  });

  it("keeps the other causes as recorded", () => {
    expect(describeEntry(revoked("withdrawn"))).toBe("Letter VL-AB12-CD34-EF56-GH78 revoked (withdrawn)");
    expect(describeEntry(revoked("superseded"))).toBe("Letter VL-AB12-CD34-EF56-GH78 revoked (superseded)");
  });
});
