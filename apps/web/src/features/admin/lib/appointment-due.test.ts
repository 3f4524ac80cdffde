import { describe, expect, it } from "vitest";
import { appointmentDueIn } from "./appointment-due";

describe("appointmentDueIn", () => {
  it("counts the days to an appointment due within 14 days, and nothing otherwise", () => {
    const today = "2030-03-01";
    expect(appointmentDueIn("2030-03-01T00:00:00.000Z", today)).toBe(0);
    expect(appointmentDueIn("2030-03-15T00:00:00.000Z", today)).toBe(14);
    expect(appointmentDueIn("2030-03-16T00:00:00.000Z", today)).toBeNull();
    expect(appointmentDueIn("2030-02-28T00:00:00.000Z", today)).toBeNull();
    expect(appointmentDueIn(null, today)).toBeNull();
  });
});
