import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import { importRow, postImport, toCsv } from "../imports/csv-test-helpers.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Stats and the admin list's total read the counts kept by triggers (migration 0005). Whoever
// writes applications — the API, an import, a delete, plain SQL — the numbers admins see must be
// the rows that exist.
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let user: Awaited<ReturnType<typeof buildUser>>;
let meetingA: Awaited<ReturnType<typeof buildMeeting>>;
let meetingB: Awaited<ReturnType<typeof buildMeeting>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.app, { isAdmin: true });
  user = await buildUser(t.app);
  meetingA = await buildMeeting(t.app, { name: "Counts A" });
  meetingB = await buildMeeting(t.app, { name: "Counts B" });
});
afterAll(() => t.close());

type Counts = { total: number; pending: number; approved: number; rejected: number };

/** What the rows say, counted the slow way. */
async function counted(meetingId?: string): Promise<Counts> {
  const rows = await t.app.ctx.db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(meetingId ? eq(applications.meetingId, meetingId) : undefined)
    .groupBy(applications.status);
  const of = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  const c = { pending: of("Pending"), approved: of("Approved"), rejected: of("Rejected") };
  return { total: c.pending + c.approved + c.rejected, ...c };
}

async function get(url: string) {
  const res = await t.app.inject({ method: "GET", url, headers: admin.auth });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

/** Stats per meeting and overall, and the list's total, all equal to the rows. */
async function expectCountsMatchRows(expectedA?: Partial<Counts>) {
  for (const meetingId of [meetingA.id, meetingB.id]) {
    const truth = await counted(meetingId);
    expect(await get(`/api/applications/stats?meetingId=${meetingId}`)).toEqual(truth);
    const list = await get(`/api/applications?admin=true&meetingId=${meetingId}&limit=10`);
    expect(list.pagination.total).toBe(truth.total);
  }
  expect(await get("/api/applications/stats")).toEqual(await counted());
  expect((await get("/api/applications?admin=true&limit=10")).pagination.total).toBe((await counted()).total);
  if (expectedA) expect(await counted(meetingA.id)).toMatchObject(expectedA);
}

describe("kept application counts", () => {
  it("follow creates, status changes, moves between meetings and deletes through the API", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: user.auth,
        payload: applicationPayload(meetingA.id, { email: `count-${i}@example.test` }),
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json()._id);
    }
    await expectCountsMatchRows({ total: 4, pending: 4 });

    const put = (id: string, payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/applications/${id}`, headers: admin.auth, payload });
    expect((await put(ids[0] as string, { status: "Approved" })).statusCode).toBe(200);
    expect((await put(ids[1] as string, { status: "Rejected" })).statusCode).toBe(200);
    // An edit that changes no status leaves the counts as they were.
    expect((await put(ids[2] as string, { companyName: "Other Corp" })).statusCode).toBe(200);
    await expectCountsMatchRows({ total: 4, pending: 2, approved: 1, rejected: 1 });

    expect((await put(ids[3] as string, { meeting: meetingB.id })).statusCode).toBe(200);
    await expectCountsMatchRows({ total: 3, pending: 1 });

    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/applications/${ids[0]}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);
    await expectCountsMatchRows({ total: 2, approved: 0 });
  });

  it("follow an import's inserts and a re-import that changes nothing", async () => {
    const before = await counted(meetingA.id);
    const csv = toCsv([1, 2, 3].map((n) => importRow(meetingA.name, n)));
    const first = await postImport(t.app, admin.auth, csv);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ successful: 3, failed: 0 });
    await expectCountsMatchRows({ total: before.total + 3, pending: before.pending + 3 });
    expect((await postImport(t.app, admin.auth, csv)).statusCode).toBe(200);
    await expectCountsMatchRows({ total: before.total + 3 });
  });

  it("follow writes made outside the API, in bulk", async () => {
    for (let i = 0; i < 3; i++) {
      await buildApplication(t.app, { meetingId: meetingB.id, userId: null, over: { status: "Approved" } });
    }
    await t.app.ctx.db.execute(
      sql`update applications set status = 'Rejected' where meeting_id = ${meetingB.id} and status = 'Approved'`,
    );
    await expectCountsMatchRows();
    await t.app.ctx.db.execute(sql`delete from applications where meeting_id = ${meetingB.id}`);
    await expectCountsMatchRows();
    expect(await get(`/api/applications/stats?meetingId=${meetingB.id}`)).toEqual({
      total: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
    });
  });

  it("stay exact when many applications are created at once", async () => {
    const before = await counted(meetingB.id);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/applications",
          headers: user.auth,
          payload: applicationPayload(meetingB.id, { email: `burst-${i}@example.test` }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    await expectCountsMatchRows();
    expect((await counted(meetingB.id)).pending).toBe(before.pending + 12);
  });
});
