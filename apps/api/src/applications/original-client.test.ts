import { IMPORT_COLUMNS } from "@visa/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applications, mailJobs, meetings, users } from "../db/schema.js";
import { importRow, postImport, toCsv } from "../imports/csv-test-helpers.js";
import { workSettled } from "../notifications/background-work.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

// What the original system's own React client sends, as recorded through a same-origin proxy:
// every call carries Content-Type: application/json, bodies or not, and it reads and echoes
// applications in the original's shape.
let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, a) => {
  t = app;
  admin = a;
});
let meetingId: string;
beforeAll(async () => {
  const meeting = await buildMeeting(t.app);
  meetingId = meeting.id;
});

const JSON_TYPE = { "content-type": "application/json" };
const PASSPORT = "Passport must be valid for the entire duration of stay";
const rowOf = async (id: string) =>
  (await t.app.ctx.db.select().from(applications).where(eq(applications.id, id)))[0];

describe("the original client's calls", () => {
  it("deletes an application, a meeting and a user with a JSON content type and no body", async () => {
    const app = await buildApplication(t.app, { meetingId, userId: null });
    const meeting = await buildMeeting(t.app);
    const user = await buildUser(t.app);
    for (const url of [
      `/api/applications/${app.id}`,
      `/api/meetings/${meeting.id}`,
      `/api/users/${user.user.id}`,
    ]) {
      const res = await t.app.inject({ method: "DELETE", url, headers: { ...admin.auth, ...JSON_TYPE } });
      expect(res.statusCode, url).toBe(200);
    }
    expect(await rowOf(app.id)).toBeUndefined();
    expect(await t.app.ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, user.user.id))).toEqual([]);
  });

  it("still answers a route's own message when a body it needs is empty", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { ...admin.auth, ...JSON_TYPE },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body must be a JSON object");
  });

  it("reads the owner as userId._id, and null for an application without one", async () => {
    const owner = await buildUser(t.app, { firstName: "Ngozi", lastName: "Okonjo" });
    const owned = await buildApplication(t.app, { meetingId, userId: owner.user.id });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/applications/${owned.id}`,
      headers: owner.auth,
    });
    // The original's four fields, and whether mail can reach the owner.
    expect(res.json().userId).toEqual({
      _id: owner.user.id,
      firstName: "Ngozi",
      lastName: "Okonjo",
      email: owner.user.email,
      emailVerified: true,
    });
    const unowned = await buildApplication(t.app, { meetingId, userId: null });
    const read = await t.app.inject({
      method: "GET",
      url: `/api/applications/${unowned.id}`,
      headers: admin.auth,
    });
    expect(read.json().userId).toBeNull();
    const own = await t.app.inject({ method: "GET", url: "/api/applications", headers: owner.auth });
    expect(own.json()[0].userId._id).toBe(owner.user.id);
  });

  it("saves a PUT that echoes the whole application with a changed status", async () => {
    const owner = await buildUser(t.app);
    const app = await buildApplication(t.app, { meetingId, userId: owner.user.id });
    const read = await t.app.inject({
      method: "GET",
      url: `/api/applications/${app.id}`,
      headers: admin.auth,
    });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${app.id}`,
      headers: admin.auth,
      payload: { ...(read.json() as Record<string, unknown>), status: "Approved" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "Approved", userId: { _id: owner.user.id } });
    expect(await rowOf(app.id)).toMatchObject({ status: "Approved", userId: owner.user.id, meetingId });
  });

  it("leaves lastUpdatedBy empty until a change, and shows applicants who changed it by name only", async () => {
    const owner = await buildUser(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: owner.auth,
      payload: applicationPayload(meetingId),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().lastUpdatedBy).toBeNull();
    const id = created.json()._id;
    await t.app.inject({
      method: "PUT",
      url: `/api/applications/${id}`,
      headers: admin.auth,
      payload: { hotelName: "Hotel Ibis" },
    });
    const byAdmin = await t.app.inject({
      method: "GET",
      url: `/api/applications/${id}`,
      headers: admin.auth,
    });
    expect(byAdmin.json().lastUpdatedBy).toEqual({
      firstName: admin.user.firstName,
      lastName: admin.user.lastName,
      email: admin.user.email,
    });
    const byOwner = await t.app.inject({
      method: "GET",
      url: `/api/applications/${id}`,
      headers: owner.auth,
    });
    expect(byOwner.json().lastUpdatedBy).toEqual({
      firstName: admin.user.firstName,
      lastName: admin.user.lastName,
    });
    const ownList = await t.app.inject({ method: "GET", url: "/api/applications", headers: owner.auth });
    expect(ownList.body).not.toContain(admin.user.email);
  });
});

describe("the status sort", () => {
  it("lists Pending, Approved, Rejected, newest first within each, and the reverse for desc", async () => {
    const meeting = await buildMeeting(t.app);
    const rows = [
      ["approved-old", "Approved", "2025-01-01T10:00:00Z"],
      ["pending-old", "Pending", "2025-01-02T10:00:00Z"],
      ["rejected", "Rejected", "2025-01-03T10:00:00Z"],
      ["approved-new", "Approved", "2025-01-04T10:00:00Z"],
      ["pending-new", "Pending", "2025-01-05T10:00:00Z"],
    ] as const;
    const names = new Map<string, string>();
    for (const [name, status, at] of rows) {
      const app = await buildApplication(t.app, {
        meetingId: meeting.id,
        userId: null,
        over: { status, createdAt: new Date(at) },
      });
      names.set(app.id, name);
    }
    const order = async (direction: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/applications?admin=true&meetingId=${meeting.id}&sortBy=status&sortDirection=${direction}`,
        headers: admin.auth,
      });
      return res.json().applications.map((a: { _id: string }) => names.get(a._id));
    };
    const asc = ["pending-new", "pending-old", "approved-new", "approved-old", "rejected"];
    expect(await order("asc")).toEqual(asc);
    expect(await order("desc")).toEqual([...asc].reverse());
  });
});

describe("a passport that expires before departure", () => {
  it("is refused on create and on edit, and changes nothing", async () => {
    const owner = await buildUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: owner.auth,
      payload: applicationPayload(meetingId, {
        dateOfDeparture: "2030-03-08T00:00:00.000Z",
        passportExpirationDate: "2030-03-07T00:00:00.000Z",
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSPORT);
    const app = await buildApplication(t.app, { meetingId, userId: owner.user.id });
    const before = await rowOf(app.id);
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${app.id}`,
      headers: owner.auth,
      payload: { passportExpirationDate: "2030-03-07T00:00:00.000Z" },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(PASSPORT);
    expect(await rowOf(app.id)).toEqual(before);
    const onDeparture = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${app.id}`,
      headers: owner.auth,
      payload: { passportExpirationDate: "2030-03-08T00:00:00.000Z" },
    });
    expect(onDeparture.statusCode).toBe(200);
  });
});

describe("import and export in the original template's columns", () => {
  it("stores every column, honours a new row's status, names unknown columns and exports them", async () => {
    const meeting = await buildMeeting(t.app, { name: `Original ${Date.now()}` });
    const existing = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { passportNumber: "E0000001", passportKey: "E0000001", status: "Pending" },
    });
    const columns = [...IMPORT_COLUMNS, "favouriteColour"];
    const csv = toCsv(
      [
        importRow(meeting.name, 1, {
          additionalInformation: "Vegetarian meals",
          addressToMailHardCopy: "1 Rue de Rivoli, Paris",
          status: "Approved",
        }),
        importRow(meeting.name, 2, { status: "rejected" }),
        importRow(meeting.name, 3, { passportNumber: "E0000001", status: "Approved" }),
        importRow(meeting.name, 4, { passportExpirationDate: "2030-03-07", dateOfDeparture: "2030-03-08" }),
      ],
      columns,
    );
    const res = await postImport(t.app, admin.auth, csv);
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ total: 4, successful: 2, updated: 1, failed: 1, approved: 1 });
    expect(result.unknownColumns).toEqual(["favouriteColour"]);
    expect(result.errors[0].error).toBe(`passportExpirationDate: ${PASSPORT}`);

    const stored = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.meetingId, meeting.id));
    const byEmail = (email: string) => stored.find((a) => a.email === email);
    expect(byEmail("person1@example.test")).toMatchObject({
      status: "Approved",
      additionalInformation: "Vegetarian meals",
      addressToMailHardCopy: "1 Rue de Rivoli, Paris",
      lastUpdatedById: null,
    });
    expect(byEmail("person2@example.test")?.status).toBe("Rejected");
    // An import never changes a stored application's status.
    expect((await rowOf(existing.id))?.status).toBe("Pending");

    // Approved the ordinary way: the applicant's letter is queued to be issued and mailed.
    await workSettled(t.app.ctx);
    const approvedId = byEmail("person1@example.test")?.id as string;
    const jobs = await t.app.ctx.db.select().from(mailJobs).where(eq(mailJobs.applicationId, approvedId));
    expect(jobs.map((j) => j.kind)).toEqual(["letter"]);

    const exported = await t.app.inject({
      method: "GET",
      url: `/api/applications/export?meetingId=${meeting.id}`,
      headers: admin.auth,
    });
    const [header, ...lines] = exported.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header?.split(",")).toEqual([...IMPORT_COLUMNS]);
    const first = lines.find((l) => l.includes("person1@example.test")) ?? "";
    expect(first).toContain("Vegetarian meals");
    expect(first).toContain('"1 Rue de Rivoli, Paris"');
    // The status, then the application's id and when it last changed (the export's own columns).
    expect(first).toMatch(
      new RegExp(`,Approved,${approvedId},\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z$`),
    );
  });
});
