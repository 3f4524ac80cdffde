import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationPayload, buildMeeting, buildUser, meetingInput } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// A meeting's own rules and questions: dates in order, airport pick-up, expected review time.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await buildUser(t.app, { isAdmin: true })).auth;
});
afterAll(() => t.close());

const input = meetingInput;
const send = (method: "POST" | "PUT", url: string, payload: object, headers = admin) =>
  t.app.inject({ method, url, headers, payload });

describe("meeting dates", () => {
  it("refuses an end before the start, on create and on edit, naming the end date", async () => {
    const created = await send("POST", "/api/meetings", input({ endDate: "2030-03-01" }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      message: "End date must be on or after the start date",
      fields: ["endDate"],
    });
    const meeting = await buildMeeting(t.app);
    const edited = await send("PUT", `/api/meetings/${meeting.id}`, input({ startDate: "2030-04-02" }));
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toEqual(["endDate"]);
    // A one-day meeting is fine.
    const oneDay = await send("POST", "/api/meetings", input({ endDate: "2030-03-02" }));
    expect(oneDay.statusCode).toBe(201);
  });
});

describe("meeting questions", () => {
  it("stores pick-up and review time, and keeps them when a client does not send them", async () => {
    const res = await send(
      "POST",
      "/api/meetings",
      input({ pickUpOffered: true, pickUpPlace: "Nội Bài airport", reviewDays: 10 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ pickUpOffered: true, pickUpPlace: "Nội Bài airport", reviewDays: 10 });
    const { _id, name } = res.json();
    const plain = await send("PUT", `/api/meetings/${_id}`, input({ name, location: "Hanoi" }));
    expect(plain.json()).toMatchObject({ location: "Hanoi", pickUpOffered: true, reviewDays: 10 });
    const off = await send(
      "PUT",
      `/api/meetings/${_id}`,
      input({ name, pickUpOffered: false, reviewDays: null }),
    );
    expect(off.json()).toMatchObject({ pickUpOffered: false, reviewDays: null });
  });

  it("asks for a place when pick-up is offered, and a sane number of days", async () => {
    const noPlace = await send("POST", "/api/meetings", input({ pickUpOffered: true, pickUpPlace: " " }));
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json()).toEqual({
      message: "Pick-up place is required when airport pick-up is offered",
      fields: ["pickUpPlace"],
    });
    const days = await send("POST", "/api/meetings", input({ reviewDays: 0 }));
    expect(days.statusCode).toBe(400);
    expect(days.json()).toEqual({ message: "reviewDays must be at least 1 day", fields: ["reviewDays"] });
  });

  it("keeps an applicant's pick-up answer only where the meeting offers pick-up", async () => {
    const { auth } = await buildUser(t.app);
    const offering = await buildMeeting(t.app, { pickUpOffered: true, pickUpPlace: "Orlando" });
    const notOffering = await buildMeeting(t.app);
    const yes = await send(
      "POST",
      "/api/applications",
      applicationPayload(offering.id, { pickUpInOrlando: true }),
      auth,
    );
    expect(yes.json()).toMatchObject({
      pickUpInOrlando: true,
      meeting: { pickUpOffered: true, pickUpPlace: "Orlando" },
    });
    const no = await send(
      "POST",
      "/api/applications",
      applicationPayload(notOffering.id, { pickUpInOrlando: true }),
      auth,
    );
    expect(no.statusCode).toBe(201);
    expect(no.json().pickUpInOrlando).toBe(false);
  });
});
