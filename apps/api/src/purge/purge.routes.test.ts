import type { PurgePreviewDto, PurgeResultDto } from "@visa/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { letters, meetings } from "../db/schema.js";
import { workSettled } from "../notifications/background-work.js";
import { buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import {
  daysAgo,
  documentsOf,
  meetingWithApplications,
  remaining,
  uploadDocument,
} from "./purge-test-helpers.js";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp({ purgeAfterDays: 180 });
  admin = await buildUser(t.app, { isAdmin: true });
});
afterAll(() => t.close());

const preview = async (headers = admin.auth) => {
  const res = await t.app.inject({ method: "GET", url: "/api/admin/purge", headers });
  expect(res.statusCode).toBe(200);
  return res.json() as PurgePreviewDto;
};
const purge = (payload?: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/purge",
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe("who may purge", () => {
  it("refuses anonymous callers and plain users, and changes nothing for them", async () => {
    const { meeting } = await meetingWithApplications(t.app, 400, ["Pending"]);
    const user = await buildUser(t.app);
    const before = await remaining(t.app, [meeting.id]);

    for (const headers of [{}, user.auth]) {
      const code = Object.keys(headers).length ? 403 : 401;
      const get = await t.app.inject({ method: "GET", url: "/api/admin/purge", headers });
      expect(get.statusCode).toBe(code);
      expect(get.json()).toHaveProperty("message");
      const post = await purge({ confirm: "Purge" }, headers);
      expect(post.statusCode).toBe(code);
      expect(post.json()).toHaveProperty("message");
    }
    expect(await remaining(t.app, [meeting.id])).toEqual(before);
    expect((await preview()).eligible.map((m) => m.meetingId)).toContain(meeting.id);
  });
});

describe("confirmation", () => {
  it("refuses with 400 unless the body says exactly Purge, and deletes nothing", async () => {
    const { meeting, apps } = await meetingWithApplications(t.app, 300, ["Approved", "Pending"]);
    await uploadDocument(t.app, apps[0]!.id, admin.auth);
    const before = await remaining(t.app, [meeting.id]);
    expect(before).toMatchObject({ applications: 2, documents: 1 });

    for (const payload of [undefined, {}, { confirm: "purge" }, { confirm: "Delete" }, { confirm: true }]) {
      const res = await purge(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Type Purge to confirm the purge");
    }
    expect(await remaining(t.app, [meeting.id])).toEqual(before);
  });
});

describe("eligibility", () => {
  it("lists meetings that ended more than the configured days ago, with their counts by status", async () => {
    const old = await meetingWithApplications(t.app, 181, ["Pending", "Pending", "Approved", "Rejected"]);
    const boundary = await meetingWithApplications(t.app, 180, ["Approved"]);
    const recent = await meetingWithApplications(t.app, 10, ["Pending"]);
    const empty = await meetingWithApplications(t.app, 500, []);

    const body = await preview();
    expect(body.purgeAfterDays).toBe(180);
    expect(body.schedule).toBe("off");
    expect(body.cutoffDate).toBe(`${daysAgo(180)}T00:00:00.000Z`);
    const ids = body.eligible.map((m) => m.meetingId);
    expect(ids).toContain(old.meeting.id);
    expect(ids).not.toContain(boundary.meeting.id);
    expect(ids).not.toContain(recent.meeting.id);
    expect(ids).not.toContain(empty.meeting.id);
    expect(body.eligible.find((m) => m.meetingId === old.meeting.id)).toEqual({
      meetingId: old.meeting.id,
      name: old.meeting.name,
      startDate: `${daysAgo(185)}T00:00:00.000Z`,
      endDate: `${daysAgo(181)}T00:00:00.000Z`,
      total: 4,
      pending: 2,
      approved: 1,
      rejected: 1,
    });

    const res = await purge({ confirm: "Purge" });
    expect(res.statusCode).toBe(200);
    const result = res.json() as PurgeResultDto;
    expect(result.meetings).toContainEqual({ meetingId: old.meeting.id, name: old.meeting.name, purged: 4 });
    expect(result.meetings.map((m) => m.meetingId)).not.toContain(boundary.meeting.id);
    expect(result.total).toBe(result.meetings.reduce((s, m) => s + m.purged, 0));
    expect((await remaining(t.app, [old.meeting.id])).applications).toBe(0);
    expect((await remaining(t.app, [boundary.meeting.id, recent.meeting.id])).applications).toBe(2);
  });
});

describe("purging", () => {
  it("deletes applications and documents, keeps the meeting and the counts, and lists the purge", async () => {
    const { meeting, apps } = await meetingWithApplications(t.app, 200, ["Approved", "Rejected", "Pending"]);
    await uploadDocument(t.app, apps[0]!.id, admin.auth);
    await uploadDocument(t.app, apps[2]!.id, admin.auth);

    const res = await purge({ confirm: "Purge" });
    expect(res.statusCode).toBe(200);
    expect(res.json().meetings).toContainEqual({ meetingId: meeting.id, name: meeting.name, purged: 3 });

    for (const a of apps) {
      expect((await documentsOf(t.app, a.id)).length).toBe(0);
      const get = await t.app.inject({
        method: "GET",
        url: `/api/applications/${a.id}`,
        headers: admin.auth,
      });
      expect(get.statusCode).toBe(404);
    }
    const [stillThere] = await t.app.ctx.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(stillThere?.name).toBe(meeting.name);

    const body = await preview();
    expect(body.eligible.map((m) => m.meetingId)).not.toContain(meeting.id);
    const record = body.purges.find((p) => p.meetingId === meeting.id);
    expect(record).toMatchObject({
      name: meeting.name,
      endDate: `${daysAgo(200)}T00:00:00.000Z`,
      trigger: "admin",
      total: 3,
      pending: 1,
      approved: 1,
      rejected: 1,
    });
    expect(Date.parse(record!.purgedAt)).not.toBeNaN();
    const sum = (k: "total" | "pending" | "approved" | "rejected") =>
      body.purges.reduce((s, p) => s + p[k], 0);
    expect(body.kept).toEqual({
      total: sum("total"),
      pending: sum("pending"),
      approved: sum("approved"),
      rejected: sum("rejected"),
    });
  });

  it("a second purge finds nothing and records nothing", async () => {
    await meetingWithApplications(t.app, 365, ["Pending"]);
    expect((await purge({ confirm: "Purge" })).json().total).toBeGreaterThan(0);
    const before = (await preview()).purges.length;
    const again = await purge({ confirm: "Purge" });
    expect(again.json()).toEqual({ meetings: [], total: 0 });
    expect((await preview()).purges.length).toBe(before);
  });

  it("two purges at once delete and record each meeting once", async () => {
    const { meeting } = await meetingWithApplications(t.app, 220, ["Pending", "Approved", "Rejected"]);
    const [a, b] = await Promise.all([purge({ confirm: "Purge" }), purge({ confirm: "Purge" })]);
    const purgedOf = (r: typeof a) =>
      (r.json() as PurgeResultDto).meetings.filter((m) => m.meetingId === meeting.id).map((m) => m.purged);
    expect([...purgedOf(a), ...purgedOf(b)]).toEqual([3]);
    const records = (await preview()).purges.filter((p) => p.meetingId === meeting.id);
    expect(records.map((r) => r.total)).toEqual([3]);
  });

  it("revokes a purged application's letter, deleting its PDF and the snapshot's personal data", async () => {
    const applicant = await buildUser(t.app);
    const { meeting, apps } = await meetingWithApplications(t.app, 250, ["Approved"], applicant.user.id);
    const id = apps[0]!.id;
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/applications/${id}/pdf`,
      headers: admin.auth,
    });
    expect(pdf.statusCode).toBe(200);
    const [letter] = await t.app.ctx.db.select().from(letters).where(eq(letters.applicationId, id));
    if (!letter) throw new Error("no letter issued");
    const verify = () => t.app.inject({ method: "GET", url: `/api/verify/${letter.reference}` });
    expect((await verify()).json().status).toBe("valid");

    const res = await purge({ confirm: "Purge" });
    expect(res.json().meetings).toContainEqual({ meetingId: meeting.id, name: meeting.name, purged: 1 });
    await workSettled(t.app.ctx);

    const answer = (await verify()).json();
    expect(answer).toMatchObject({
      status: "revoked",
      revocationReason: "purged",
      fullName: null,
      sha256: null,
    });
    expect(answer.dateOfArrival).toBeNull();
    const [after] = await t.app.ctx.db.select().from(letters).where(eq(letters.id, letter.id));
    expect(after?.revokedAt).toBeInstanceOf(Date);
    // The stored PDF and the applicant's data in the snapshot went with the application.
    expect(after).toMatchObject({ pdf: null, firstName: null, lastName: null, passportHash: null });
  });

  it("keeps the counts when the emptied meeting is deleted afterwards", async () => {
    const { meeting } = await meetingWithApplications(t.app, 190, ["Approved", "Approved"]);
    await purge({ confirm: "Purge" });
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/meetings/${meeting.id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);
    const record = (await preview()).purges.find((p) => p.name === meeting.name);
    expect(record).toMatchObject({ meetingId: null, total: 2, approved: 2 });
  });
});
