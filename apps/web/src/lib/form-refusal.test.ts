import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { formRefusal, plainFieldMessage } from "./form-refusal";

const LABELS = {
  firstName: "First Name",
  dateOfDeparture: "Date of Departure",
  passportExpirationDate: "Passport Expiration Date",
  meeting: "Meeting",
  city: "City",
  phone: "Phone",
  state: "State/Province",
  endDate: "End Date",
};

describe("plainFieldMessage", () => {
  it.each([
    ["firstName", "firstName must be at most 100 characters", "First Name must be at most 100 characters"],
    [
      "firstName",
      "firstName: expected string, received number",
      "First Name: expected string, received number",
    ],
    ["city", "Please fill in all required fields: City, Phone", "City is required"],
    ["dateOfDeparture", "Departure must be on or after arrival", "Departure must be on or after arrival"],
    [
      "passportExpirationDate",
      "Passport must be valid for the entire duration of stay",
      "Passport must be valid for the entire duration of stay",
    ],
    [
      "meeting",
      "The selected meeting is not open for applications",
      "The selected meeting is not open for applications",
    ],
  ])("%s: %s", (field, message, plain) => {
    expect(plainFieldMessage(field, LABELS[field as keyof typeof LABELS], message)).toBe(plain);
  });
});

describe("formRefusal", () => {
  it("marks each named field the form shows", () => {
    const err = new ApiError(400, "Please fill in all required fields: City, Phone", ["city", "phone"]);
    expect(formRefusal(err, LABELS, "Request failed")).toEqual({
      fields: { city: "City is required", phone: "Phone is required" },
      top: null,
    });
  });

  it("puts a refusal naming no field, or a field the form lacks, at the top", () => {
    expect(formRefusal(new ApiError(403, "Only a Pending application can be edited"), LABELS, "x")).toEqual({
      fields: {},
      top: "Only a Pending application can be edited",
    });
    expect(formRefusal(new ApiError(400, "status must be one of", ["status"]), LABELS, "x").top).toBe(
      "status must be one of",
    );
  });

  it("falls back for a failure with nothing to act on", () => {
    expect(formRefusal(new TypeError("Failed to fetch"), LABELS, "Request failed")).toEqual({
      fields: {},
      top: "Request failed",
    });
  });
});
