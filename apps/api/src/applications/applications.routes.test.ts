import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import type { DomainEvents } from "../lib/events.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
const events: Array<{ name: string; payload: unknown }> = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["application.created", "application.updated", "application.deleted"] as const) {
    t.app.ctx.events.on(name, (payload: DomainEvents[typeof name][0]) => {
      events.push({ name, payload });
    });
  }
});
afterAll(() => t.close());

const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: unknown) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });
const rowOf = async (id: string) => {
  const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, id));
  return row;
};
const settle = () => new Promise((r) => setImmediate(r));

describe("POST /api/applications", () => {
  it("creates a Pending application owned by the caller, with the meeting embedded", async () => {
    const { user, auth } = await buildUser(t.app, { firstName: "Zoë", lastName: "Ñúñez" });
    const meeting = await buildMeeting(t.app);
    const res = await inject("POST", "/api/applications", auth, {
      ...applicationPayload(meeting.id, { passportNumber: "ab 12 34", email: "Zoe@Example.TEST" }),
      status: "Approved",
      userId: "00000000-0000-4000-8000-000000000000",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      userId: { _id: user.id, firstName: "Zoë", lastName: "Ñúñez", email: user.email },
      status: "Pending",
      email: "zoe@example.test",
      passportNumber: "AB1234",
      birthdate: "1990-01-01T00:00:00.000Z",
      meeting: { _id: meeting.id, name: meeting.name, location: meeting.location },
      additionalDocumentation: [],
      // No one has changed it yet.
      lastUpdatedBy: null,
      pickUpInOrlando: false,
      letterEmailed: false,
      letterEmailedDate: null,
    });
    expect((await rowOf(body._id))?.passportKey).toBe("AB1234");
    await settle();
    expect(events).toContainEqual({
      name: "application.created",
      payload: { applicationId: body._id, actorId: user.id },
    });
  });

  it("names every missing required field in the spec's message, before other checks", async () => {
    const { auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const res = await inject("POST", "/api/applications", auth, {
      ...applicationPayload(meeting.id),
      firstName: "  ",
      phone: undefined,
      birthdate: "not a date",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please fill in all required fields: First Name, Phone");
  });

  it("refuses an inactive or unknown meeting and departure before arrival, creating nothing", async () => {
    const { user, auth } = await buildUser(t.app);
    const inactive = await buildMeeting(t.app, { isActive: false });
    const active = await buildMeeting(t.app);
    const cases: Array<[unknown, string]> = [
      [applicationPayload(inactive.id), "The selected meeting is not open for applications"],
      [applicationPayload("7c9e6679-7425-40de-944b-e07fc1f90ae7"), "The selected meeting does not exist"],
      [
        applicationPayload(active.id, { dateOfDeparture: "2030-02-01T00:00:00.000Z" }),
        "Departure must be on or after arrival",
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await inject("POST", "/api/applications", auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const mine = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.id));
    expect(mine).toHaveLength(0);
  });
});

describe("GET /api/applications (own list)", () => {
  it("lists only the caller's applications, newest first", async () => {
    const { user, auth } = await buildUser(t.app);
    const other = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const older = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: user.id,
      over: { createdAt: new Date("2025-01-01T10:00:00Z") },
    });
    const newer = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: user.id,
      over: { createdAt: new Date("2025-02-01T10:00:00Z") },
    });
    await buildApplication(t.app, { meetingId: meeting.id, userId: other.user.id });
    const res = await inject("GET", "/api/applications", auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { _id: string }) => a._id)).toEqual([newer.id, older.id]);
  });

  it("is the own list for an admin too unless admin=true is asked", async () => {
    const admin = await buildUser(t.app, { isAdmin: true });
    const meeting = await buildMeeting(t.app);
    await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const res = await inject("GET", "/api/applications", admin.auth);
    expect(res.json()).toEqual([]);
  });
});

describe("PUT /api/applications/:id", () => {
  it("lets the owner edit a Pending application, keeping fields not sent", async () => {
    const { user, auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const app = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: user.id,
      over: { pickUpInOrlando: true, hotelName: "Grand" },
    });
    const res = await inject("PUT", `/api/applications/${app.id}`, auth, {
      city: "Kraków",
      passportNumber: "zz 99",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: "Kraków", pickUpInOrlando: true, hotelName: "Grand" });
    const row = await rowOf(app.id);
    expect(row).toMatchObject({ passportKey: "ZZ99", lastUpdatedById: user.id });
    expect(row?.updatedAt.getTime()).toBeGreaterThan(app.updatedAt.getTime());
  });

  it("ignores a user's admin-only and bookkeeping fields but refuses a status change", async () => {
    const { user, auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const app = await buildApplication(t.app, { meetingId: meeting.id, userId: user.id });
    const ok = await inject("PUT", `/api/applications/${app.id}`, auth, {
      status: "pending",
      letterEmailed: true,
      hardCopyMailedDate: "2030-01-01",
      userId: "00000000-0000-4000-8000-000000000000",
      _id: "00000000-0000-4000-8000-000000000000",
      createdAt: "2001-01-01T00:00:00.000Z",
      lastUpdatedBy: { firstName: "X" },
      meeting: { _id: meeting.id, name: "ignored" },
      fax: "123",
    });
    expect(ok.statusCode).toBe(200);
    const row = await rowOf(app.id);
    expect(row).toMatchObject({
      userId: user.id,
      letterEmailed: false,
      hardCopyMailedDate: null,
      fax: "123",
      createdAt: app.createdAt,
    });
    const refused = await inject("PUT", `/api/applications/${app.id}`, auth, {
      status: "Approved",
      fax: "9",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only an admin may change status");
    expect((await rowOf(app.id))?.fax).toBe("123");
  });

  it("refuses the owner once the application is no longer Pending", async () => {
    const { user, auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    for (const status of ["Approved", "Rejected"] as const) {
      const app = await buildApplication(t.app, { meetingId: meeting.id, userId: user.id, over: { status } });
      const res = await inject("PUT", `/api/applications/${app.id}`, auth, { city: "Elsewhere" });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only a Pending application can be edited");
      expect((await rowOf(app.id))?.city).toBe(app.city);
    }
  });

  it("lets an admin change status and admin fields, and emits the status change", async () => {
    const admin = await buildUser(t.app, { isAdmin: true, firstName: "Grace", lastName: "Hopper" });
    const meeting = await buildMeeting(t.app);
    const other = await buildMeeting(t.app, { isActive: false });
    const app = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const res = await inject("PUT", `/api/applications/${app.id}`, admin.auth, {
      status: "approved",
      hardCopyMailed: true,
      hardCopyMailedDate: "2030-02-02T00:00:00.000Z",
      meeting: other.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "Approved",
      hardCopyMailed: true,
      hardCopyMailedDate: "2030-02-02T00:00:00.000Z",
      meeting: { _id: other.id },
      lastUpdatedBy: { firstName: "Grace", lastName: "Hopper", email: admin.user.email },
    });
    await settle();
    expect(events).toContainEqual({
      name: "application.updated",
      payload: { applicationId: app.id, actorId: admin.user.id, from: "Pending", to: "Approved" },
    });
  });

  it("checks departure against the stored arrival and refuses an unknown new meeting", async () => {
    const { user, auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const app = await buildApplication(t.app, { meetingId: meeting.id, userId: user.id });
    const early = await inject("PUT", `/api/applications/${app.id}`, auth, { dateOfDeparture: "2030-02-27" });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe("Departure must be on or after arrival");
    const unknown = await inject("PUT", `/api/applications/${app.id}`, auth, {
      meeting: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("The selected meeting does not exist");
    expect(await rowOf(app.id)).toMatchObject({ dateOfDeparture: "2030-03-08", meetingId: meeting.id });
  });
});

describe("PUT /api/applications/:id with If-Match", () => {
  it("applies an edit made to the stored version, and refuses one made to an older version", async () => {
    const { user, auth } = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const app = await buildApplication(t.app, { meetingId: meeting.id, userId: user.id });
    // Two tabs open the same request.
    const read = await inject("GET", `/api/applications/${app.id}`, auth);
    const etag = read.headers.etag as string;
    expect(etag).toBe(`"${read.json().updatedAt}"`);

    const tabB = await inject(
      "PUT",
      `/api/applications/${app.id}`,
      { ...auth, "if-match": etag },
      {
        hotelName: "Hotel From Tab B",
      },
    );
    expect(tabB.statusCode).toBe(200);
    expect(tabB.headers.etag).toBe(`"${tabB.json().updatedAt}"`);
    expect(tabB.headers.etag).not.toBe(etag);

    const tabA = await inject(
      "PUT",
      `/api/applications/${app.id}`,
      { ...auth, "if-match": etag },
      {
        hotelName: "",
        position: "Director",
      },
    );
    expect(tabA.statusCode).toBe(412);
    expect(tabA.json().message).toBe(
      "Someone changed this application after you opened it, so nothing was saved. Choose Cancel to see the current version, then edit it again.",
    );
    expect(await rowOf(app.id)).toMatchObject({ hotelName: "Hotel From Tab B", position: "Engineer" });

    // A client that sends no If-Match (one written for the spec) edits as before.
    const plain = await inject("PUT", `/api/applications/${app.id}`, auth, { position: "Director" });
    expect(plain.statusCode).toBe(200);
    expect(await rowOf(app.id)).toMatchObject({ hotelName: "Hotel From Tab B", position: "Director" });
  });

  it("keeps an admin's approval from being undone by another admin's form opened before it", async () => {
    const admin = await buildUser(t.app, { isAdmin: true });
    const other = await buildUser(t.app, { isAdmin: true });
    const meeting = await buildMeeting(t.app);
    const app = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const opened = (await inject("GET", `/api/applications/${app.id}`, admin.auth)).headers.etag as string;
    const approved = await inject("POST", "/api/applications/bulk", other.auth, {
      action: "approve",
      ids: [app.id],
    });
    expect(approved.json().changed).toBe(1);
    const stale = await inject(
      "PUT",
      `/api/applications/${app.id}`,
      { ...admin.auth, "if-match": opened },
      { status: "Pending", hotelName: "Another Hotel" },
    );
    expect(stale.statusCode).toBe(412);
    expect(await rowOf(app.id)).toMatchObject({ status: "Approved" });
    // `*` and a list holding the current tag are accepted.
    const current = (await inject("GET", `/api/applications/${app.id}`, admin.auth)).headers.etag as string;
    const listed = await inject(
      "PUT",
      `/api/applications/${app.id}`,
      { ...admin.auth, "if-match": `"x", ${current}` },
      { hotelConfirmation: "ABC" },
    );
    expect(listed.statusCode).toBe(200);
  });
});

describe("DELETE /api/applications/:id", () => {
  it("deletes for an admin, emits, and answers 404 for an unknown id", async () => {
    const admin = await buildUser(t.app, { isAdmin: true });
    const meeting = await buildMeeting(t.app);
    const app = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const res = await inject("DELETE", `/api/applications/${app.id}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(app.id)).toBeUndefined();
    await settle();
    expect(events).toContainEqual({ name: "application.deleted", payload: { applicationId: app.id } });
    const again = await inject("DELETE", `/api/applications/${app.id}`, admin.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Application not found");
  });
});
