import { describe, expect, it } from "vitest";
import { isPurgeEligible, purgeCutoff } from "./purge.policy.js";

describe("purge eligibility", () => {
  it("spares meetings that ended exactly the configured number of days ago", () => {
    const cutoff = purgeCutoff("2026-07-01", 180);
    expect(cutoff).toBe("2026-01-02");
    expect(isPurgeEligible("2026-01-01", cutoff)).toBe(true);
    expect(isPurgeEligible("2026-01-02", cutoff)).toBe(false);
    expect(isPurgeEligible("2026-06-30", cutoff)).toBe(false);
  });

  it("counts calendar days across leap days and year ends", () => {
    expect(purgeCutoff("2024-03-01", 1)).toBe("2024-02-29");
    expect(purgeCutoff("2025-01-01", 1)).toBe("2024-12-31");
    expect(purgeCutoff("2025-03-01", 365)).toBe("2024-03-01");
  });
});
