import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, documents, users } from "../db/schema.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Every read presents its rows with applicationPresenter: one application, a user's own list
// and the admin list say the same thing of the same row, whatever the row holds.
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

const get = async (url: string, auth: Record<string, string>) => {
  const res = await t.app.inject({ method: "GET", url, headers: auth });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return res.json();
};
const presented = (id: string) => get(`/api/applications/${id}`, admin.auth);

describe("an application as the API presents it", () => {
  it("writes times, calendar days, documents and the last editor exactly", async () => {
    const full = await presented(ids[1] as string);
    // Microseconds, as now() writes them, are cut, not rounded.
    expect(full.createdAt).toBe("2030-01-02T03:04:05.999Z");
    expect(full.updatedAt).toBe("1999-12-31T23:59:59.000Z");
    expect(full.additionalDocumentation[0].uploadedAt).toBe("2030-01-04T10:00:00.500Z");
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

  it("is the same in one application, a user's own list and an admin page", async () => {
    const all = await Promise.all(ids.map(presented));
    // The owner reads their own applications as the owner does (the editor's e-mail withheld).
    const own = await Promise.all(
      all
        .filter((a) => a.userId?._id === owner.user.id)
        .map((a) => get(`/api/applications/${a._id}`, owner.auth)),
    );
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

  it("says whether the owner's address is verified, whoever reads it", async () => {
    const unverified = await buildUser(t.app, { emailVerifiedAt: null });
    const theirs = await buildApplication(t.app, { meetingId, userId: unverified.user.id });
    const owned = (id: string, auth: Record<string, string>) =>
      get(`/api/applications/${id}`, auth).then((a) => a.userId);
    // The admin reading it is verified; the owner is not, and nothing goes to them by mail.
    expect(await owned(theirs.id, admin.auth)).toMatchObject({ emailVerified: false });
    expect(await owned(theirs.id, unverified.auth)).toMatchObject({ emailVerified: false });
    expect(await owned(ids[0] as string, admin.auth)).toMatchObject({ emailVerified: true });
    await t.app.ctx.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, unverified.user.id));
    expect(await owned(theirs.id, admin.auth)).toMatchObject({ emailVerified: true });
    await t.app.ctx.db.delete(applications).where(eq(applications.id, theirs.id));
  });

  it("is an empty array for a user without applications, and not found for another's", async () => {
    expect(await get("/api/applications", admin.auth)).toEqual([]);
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
