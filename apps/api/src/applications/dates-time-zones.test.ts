import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import { applicationPayload, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Node re-reads TZ whenever it is assigned, so each case runs the whole round trip in that zone.
const originalTz = process.env.TZ;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  process.env.TZ = originalTz;
});
afterAll(() => t.close());

const DAYS = {
  birthdate: "1990-01-01T00:00:00.000Z",
  passportExpirationDate: "2032-12-31T00:00:00.000Z",
  dateOfArrival: "2030-03-01T00:00:00.000Z",
  dateOfDeparture: "2030-03-08T00:00:00.000Z",
};

describe.each([
  ["Pacific/Kiritimati", -14 * 60],
  ["America/Los_Angeles", 8 * 60],
  ["UTC", 0],
])("calendar dates with the server in %s", (zone, offsetMinutes) => {
  it("come back exactly as sent, in the detail and in both lists", async () => {
    process.env.TZ = zone;
    expect(new Date(2020, 0, 1).getTimezoneOffset()).toBe(offsetMinutes);
    const { auth } = await buildUser(t.app);
    const admin = await buildUser(t.app, { isAdmin: true });
    const meeting = await buildMeeting(t.app, { startDate: "2030-03-02", endDate: "2030-03-06" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: auth,
      payload: applicationPayload(meeting.id, DAYS),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    const detail = (
      await t.app.inject({ method: "GET", url: `/api/applications/${id}`, headers: auth })
    ).json();
    const own = (await t.app.inject({ method: "GET", url: "/api/applications", headers: auth })).json()[0];
    const adminList = (
      await t.app.inject({
        method: "GET",
        url: `/api/applications?admin=true&meetingId=${meeting.id}`,
        headers: admin.auth,
      })
    ).json().applications[0];
    for (const body of [created.json(), detail, own, adminList]) {
      expect(body).toMatchObject(DAYS);
      expect(body.meeting).toMatchObject({
        startDate: "2030-03-02T00:00:00.000Z",
        endDate: "2030-03-06T00:00:00.000Z",
      });
    }
  });
});

describe("travel days sent as timestamps with an offset", () => {
  const create = async (days: object) => {
    const user = await buildUser(t.app);
    const meeting = await buildMeeting(t.app, { startDate: "2030-03-02", endDate: "2030-03-06" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: user.auth,
      payload: applicationPayload(meeting.id, days),
    });
    return { res, user };
  };
  const ownedBy = (userId: string) =>
    t.app.ctx.db.select().from(applications).where(eq(applications.userId, userId));

  it("take midnight at any offset as the day it writes, never the UTC day before", async () => {
    const { res, user } = await create({
      dateOfArrival: "2030-03-02T00:00:00+09:00",
      dateOfDeparture: "2030-03-07T00:00-05:00",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      dateOfArrival: "2030-03-02T00:00:00.000Z",
      dateOfDeparture: "2030-03-07T00:00:00.000Z",
    });
    expect(await ownedBy(user.user.id)).toMatchObject([
      { dateOfArrival: "2030-03-02", dateOfDeparture: "2030-03-07" },
    ]);
  });

  it("refuse a time of day with a 400 naming the field, creating and changing nothing", async () => {
    const refused = await create({ dateOfArrival: "2030-03-02T00:30:00+09:00" });
    expect(refused.res.statusCode).toBe(400);
    expect(refused.res.json()).toEqual({
      message: "dateOfArrival must be a date without a time of day (YYYY-MM-DD)",
      fields: ["dateOfArrival"],
    });
    expect(await ownedBy(refused.user.user.id)).toEqual([]);

    const { res, user } = await create({});
    const before = await ownedBy(user.user.id);
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${res.json()._id}`,
      headers: user.auth,
      payload: { city: "Osaka", dateOfDeparture: "2030-03-08T12:00:00.000Z" },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe("dateOfDeparture must be a date without a time of day (YYYY-MM-DD)");
    expect(await ownedBy(user.user.id)).toEqual(before);
  });
});
