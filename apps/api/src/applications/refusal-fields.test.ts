import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Every refusal the application forms can get names the fields it concerns, so the form marks them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: "POST" | "PUT", url: string, headers: object, payload: unknown) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

describe("refusals of the application forms name their fields", () => {
  it("on create: missing fields, a field's own rule, date order, passport validity, the meeting", async () => {
    const { auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const closed = await buildMeeting(t.app, { isActive: false });
    const cases: Array<[object, string, string[]]> = [
      [
        { ...applicationPayload(meeting.id), firstName: " ", phone: undefined },
        "Please fill in all required fields: First Name, Phone",
        ["firstName", "phone"],
      ],
      [
        applicationPayload(meeting.id, { firstName: "x".repeat(101) }),
        "firstName must be at most 100 characters",
        ["firstName"],
      ],
      [applicationPayload(meeting.id, { email: "not-an-address" }), "email", ["email"]],
      [
        applicationPayload(meeting.id, { dateOfDeparture: "2030-02-01T00:00:00.000Z" }),
        "Departure must be on or after arrival",
        ["dateOfDeparture"],
      ],
      [
        applicationPayload(meeting.id, { passportExpirationDate: "2030-03-02T00:00:00.000Z" }),
        "Passport must be valid for the entire duration of stay",
        ["passportExpirationDate"],
      ],
      [applicationPayload(closed.id), "The selected meeting is not open for applications", ["meeting"]],
    ];
    for (const [payload, message, fields] of cases) {
      const res = await send("POST", "/api/applications", auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(res.json().fields).toEqual(fields);
    }
  });

  it("on update: date order against the stored arrival, passport validity, a field's rule", async () => {
    const { user, auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const app = await buildApplication(t.app, { meetingId: meeting.id, userId: user.id });
    const url = `/api/applications/${app.id}`;
    const cases: Array<[object, string[]]> = [
      [{ dateOfDeparture: "2030-02-27" }, ["dateOfDeparture"]],
      [{ passportExpirationDate: "2030-03-02" }, ["passportExpirationDate"]],
      [{ postalCode: "1".repeat(21) }, ["postalCode"]],
      [{ meeting: "7c9e6679-7425-40de-944b-e07fc1f90ae7" }, ["meeting"]],
    ];
    for (const [payload, fields] of cases) {
      const res = await send("PUT", url, auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
  });

  it("a refusal of no field answers the message alone", async () => {
    const { user, auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const app = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: user.id,
      over: { status: "Rejected" },
    });
    const res = await send("PUT", `/api/applications/${app.id}`, auth, { city: "Oslo" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Only a Pending application can be edited" });
  });
});
