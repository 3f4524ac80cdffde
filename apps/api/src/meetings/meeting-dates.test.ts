import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { meetings } from "../db/schema.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildMeeting, meetingInput } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const post = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/meetings", headers: admin.auth, payload });
const put = (id: string, payload: object) =>
  t.app.inject({ method: "PUT", url: `/api/meetings/${id}`, headers: admin.auth, payload });
const stored = async (id: string) =>
  (await t.app.ctx.db.select().from(meetings).where(eq(meetings.id, id)))[0];

describe("a meeting's days sent as timestamps", () => {
  it("takes midnight at any offset as the day it writes, never the UTC day before", async () => {
    const res = await post(
      meetingInput({ startDate: "2030-03-02T00:00:00+09:00", endDate: "2030-03-06T00:00:00-05:00" }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      startDate: "2030-03-02T00:00:00.000Z",
      endDate: "2030-03-06T00:00:00.000Z",
    });
    expect(await stored(res.json()._id)).toMatchObject({ startDate: "2030-03-02", endDate: "2030-03-06" });
  });

  it("refuses a time of day with a 400 naming the field, and creates nothing", async () => {
    const name = "Tokyo 2030";
    const res = await post(meetingInput({ name, startDate: "2030-03-02T00:30:00+09:00" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "startDate must be a date without a time of day (YYYY-MM-DD)",
      fields: ["startDate"],
    });
    expect(await t.app.ctx.db.select().from(meetings).where(eq(meetings.name, name))).toEqual([]);
  });

  it("refuses a time of day in an edit, and changes nothing", async () => {
    const meeting = await buildMeeting(t.app, { startDate: "2030-03-02", endDate: "2030-03-06" });
    const before = await stored(meeting.id);
    for (const endDate of ["2030-03-06T23:00:00.000Z", "2030-03-07T05:00:00+09:00"]) {
      const res = await put(meeting.id, meetingInput({ name: "Renamed", endDate }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("endDate must be a date without a time of day (YYYY-MM-DD)");
    }
    expect(await stored(meeting.id)).toEqual(before);
  });
});
