import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, documents } from "../db/schema.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { applicationPresenter } from "./application.presenter.js";
import { loadApplication, loadApplicationJson, loadApplicationsOfUserJson } from "./application.queries.js";

// Reads send the JSON the database writes (application-json.ts); everything else uses the
// presenter. On the same rows the two must say the same thing, whatever the rows hold.
let t: TestApp;
let owner: Awaited<ReturnType<typeof buildUser>>;
let admin: Awaited<ReturnType<typeof buildUser>>;
let meetingId: string;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t.app);
  admin = await buildUser(t.app, { isAdmin: true, firstName: "Łucja", lastName: 'O\'Brien "Q"' });
  const meeting = await buildMeeting(t.app, {
    name: 'Plenary "Ω" \\ 2030',
    location: "Genève\nSuisse",
    startDate: "0999-12-31",
    endDate: "2030-01-01",
    isActive: false,
  });
  meetingId = meeting.id;
  const plain = await buildApplication(t.app, { meetingId, userId: owner.user.id });
  const full = await buildApplication(t.app, {
    meetingId,
    userId: owner.user.id,
    over: {
      firstName: "王\u0001秀英",
      lastName: 'Nguyễn \u2028 Thị\t"Khai"',
      companyMailingAddress2: "c/o <b>&amp;</b> \\ 🚀",
      letterEmailed: true,
      letterEmailedDate: "2030-02-28",
      hardCopyMailed: true,
      hardCopyMailedDate: "2030-03-01",
      pickUpInOrlando: true,
      status: "Approved",
      lastUpdatedById: admin.user.id,
    },
  });
  const unowned = await buildApplication(t.app, { meetingId, userId: null, over: { status: "Rejected" } });
  ids.push(plain.id, full.id, unowned.id);
  // Timestamps with microseconds, as now() writes them: milliseconds are cut, not rounded.
  await t.app.ctx.db.execute(sql`update ${applications}
    set created_at = '2030-01-02 03:04:05.999999+00', updated_at = '1999-12-31 23:59:59.000501+00'
    where ${applications.id} = ${full.id}`);
  for (const [filename, at] of [
    ["zweite Seite.pdf", "2030-01-05 10:00:00.123456+00"],
    ['passport "scan".png', "2030-01-04 10:00:00.5+00"],
  ] as const) {
    await t.app.ctx.db.insert(documents).values({
      applicationId: full.id,
      filename,
      contentType: "image/png",
      size: 123456,
      data: Buffer.from("x"),
      createdAt: new Date(at.replace(" ", "T").replace("+00", "Z")),
    });
  }
  await t.app.ctx.db.execute(
    sql`update ${documents} set created_at = created_at + interval '0.000777 second' where ${documents.applicationId} = ${full.id}`,
  );
});
afterAll(() => t.close());

const presented = async (id: string) => {
  const record = await loadApplication(t.app.ctx.db, id);
  if (!record) throw new Error(`no application ${id}`);
  return applicationPresenter(record);
};

describe("an application's JSON from the database", () => {
  it("equals the presenter's, field for field and in order, for every kind of row", async () => {
    for (const id of ids) {
      const found = await loadApplicationJson(t.app.ctx.db, id);
      const fromDb = JSON.parse(found?.json ?? "null");
      const expected = await presented(id);
      expect(fromDb).toEqual(expected);
      expect(Object.keys(fromDb)).toEqual(Object.keys(expected));
      expect(Object.keys(fromDb.meeting)).toEqual(Object.keys(expected.meeting));
    }
    const full = JSON.parse((await loadApplicationJson(t.app.ctx.db, ids[1] as string))?.json ?? "null");
    expect(full.createdAt).toBe("2030-01-02T03:04:05.999Z");
    expect(full.meeting.startDate).toBe("0999-12-31T00:00:00.000Z");
    expect(full.additionalDocumentation.map((d: { filename: string }) => d.filename)).toEqual([
      'passport "scan".png',
      "zweite Seite.pdf",
    ]);
    expect(full.lastUpdatedBy).toEqual({
      firstName: "Łucja",
      lastName: 'O\'Brien "Q"',
      email: admin.user.email,
    });
  });

  it("is what the routes send: one application, a user's own list and an admin page", async () => {
    const get = async (url: string, auth: Record<string, string>) => {
      const res = await t.app.inject({ method: "GET", url, headers: auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      return res.json();
    };
    const all = await Promise.all(ids.map(presented));
    for (const expected of all) {
      expect(await get(`/api/applications/${expected._id}`, admin.auth)).toEqual(expected);
    }
    const own = all.filter((a) => a.userId === owner.user.id);
    const byNewest = (a: { createdAt: string; _id: string }, b: { createdAt: string; _id: string }) =>
      b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);
    expect(await get("/api/applications", owner.auth)).toEqual([...own].sort(byNewest));
    const page = await get(
      `/api/applications?admin=true&meetingId=${meetingId}&sortBy=createdAt&sortDirection=desc`,
      admin.auth,
    );
    expect(page.applications).toEqual([...all].sort(byNewest));
    const across = await get("/api/applications?admin=true&sortBy=createdAt&sortDirection=desc", admin.auth);
    expect(across.applications).toEqual([...all].sort(byNewest));
  });

  it("is an empty array for a user without applications, and not found for another's", async () => {
    expect(await loadApplicationsOfUserJson(t.app.ctx.db, admin.user.id)).toEqual({
      json: "[]",
      versions: "",
    });
    const stranger = await buildUser(t.app);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/applications/${ids[0]}`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, ids[0] as string));
    expect(row?.userId).toBe(owner.user.id);
  });
});
