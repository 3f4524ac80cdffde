import { count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import { importAccepted, importRow, toCsv } from "../imports/csv-test-helpers.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

let meeting: Awaited<ReturnType<typeof buildMeeting>>;
let applicant: TestUser;
beforeAll(async () => {
  meeting = await buildMeeting(t.app, { name: "Scripts Plenary" });
  applicant = await buildUser(t.app);
});

// Names as a passport's own-script line gives them; the letter's font cannot draw the first five,
// and would print the last two unjoined and in the wrong order.
const SCRIPTS = [
  ["Chinese", "王", "小明"],
  ["Japanese", "山田", "さくら"],
  ["Korean", "김", "민준"],
  ["Devanagari", "शर्मा", "प्रिया"],
  ["Thai", "สมชาย", "ใจดี"],
  ["Arabic", "حسن", "محمد"],
  ["Hebrew", "כהן", "דוד"],
] as const;
const LATIN_LINE = "enter it as printed in the Latin-letter line of your passport";

const total = async () => (await t.app.ctx.db.select({ n: count() }).from(applications))[0]?.n;
const create = (over: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: applicant.auth,
    payload: applicationPayload(meeting.id, over),
  });

describe("the API refuses what a letter cannot print", () => {
  it.each(SCRIPTS)(
    "a %s name, with the advice to use the passport's Latin-letter line",
    async (_s, last, first) => {
      const before = await total();
      const res = await create({ lastName: last, firstName: first });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `firstName cannot be printed on the letter in this script: ${LATIN_LINE}`,
      );
      expect(await total()).toBe(before);
    },
  );

  it("a company, city or hotel in another script, naming the characters", async () => {
    const res = await create({ companyName: "株式会社" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        "companyName has characters the letter cannot print (株 式 会 社): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
      fields: ["companyName"],
    });
    expect((await create({ city: "서울" })).json().message).toMatch(
      /^city has characters the letter cannot print/,
    );
    expect((await create({ hotelName: "โรงแรม" })).statusCode).toBe(400);
  });

  it("a name in a printed script with a character the font has no glyph for", async () => {
    const res = await create({ lastName: "Ꞵeta" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`lastName has characters the letter cannot print (Ꞵ): ${LATIN_LINE}`);
  });

  it("keeps accented Latin, Vietnamese, Greek and Cyrillic names", async () => {
    for (const [firstName, lastName] of [
      ["Zoë", "Łukasiewicz-Ñúñez"],
      ["Thị Hương", "Nguyễn"],
      ["Ελένη", "Παπαδοπούλου"],
      ["Дмитрий", "Шостакович"],
    ]) {
      const res = await create({ firstName, lastName, companyName: "Société Générale" });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ firstName, lastName });
    }
  });

  it("an edit that would put another script on the letter, by the applicant or an admin", async () => {
    const mine = (await create({})).json()._id as string;
    const edit = (auth: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/applications/${mine}`, headers: auth, payload });
    expect((await edit(applicant.auth, { lastName: "דוד" })).json().message).toBe(
      `lastName cannot be printed on the letter in this script: ${LATIN_LINE}`,
    );
    expect((await edit(admin.auth, { position: "エンジニア" })).statusCode).toBe(400);
    const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, mine));
    expect(row).toMatchObject({ lastName: "Łukasiewicz-Ñúñez", position: "Engineer" });
  });

  it("the approval of an older application whose stored name the letter cannot print", async () => {
    const old = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { firstName: "小明", lastName: "王" },
    });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${old.id}`,
      headers: admin.auth,
      payload: { status: "Approved" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `firstName has characters the letter cannot print (小 明): ${LATIN_LINE}`,
    );
    const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, old.id));
    expect(row?.status).toBe("Pending");
  });

  it("a bulk approval: that application is listed with why, the others are approved", async () => {
    const old = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { firstName: "Wei", lastName: "王" },
    });
    const fine = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications/bulk",
      headers: admin.auth,
      payload: { action: "approve", ids: [old.id, fine.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      changed: 1,
      skipped: [
        {
          _id: old.id,
          name: "Wei 王",
          reason: `lastName has characters the letter cannot print (王): ${LATIN_LINE}`,
        },
      ],
      message: "1 approved, 1 not changed",
    });
    const rows = await t.app.ctx.db
      .select()
      .from(applications)
      .where(inArray(applications.id, [old.id, fine.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [old.id]: "Pending",
      [fine.id]: "Approved",
    });
  });
});

describe("the import refuses what a letter cannot print", () => {
  it("each script's row fails on its own, with the same advice; the Latin rows are imported", async () => {
    const rows = SCRIPTS.map(([, last, first], i) =>
      importRow(meeting.name, 100 + i, { lastName: last, firstName: first }),
    );
    rows.push(importRow(meeting.name, 200, { firstName: "Ελένη", lastName: "Дмитриева" }));
    rows.push(importRow(meeting.name, 201, { firstName: "Wei", lastName: "Wang", companyName: "北京大学" }));
    const result = await importAccepted(t.app, admin.auth, toCsv(rows));
    expect(result).toMatchObject({ total: 9, successful: 1, failed: 8 });
    SCRIPTS.forEach(([, last, first], i) => {
      expect(result.errors[i]).toEqual({
        name: `Row ${i + 2} (${first} ${last})`,
        error: `firstName: cannot be printed on the letter in this script: ${LATIN_LINE}; lastName: cannot be printed on the letter in this script: ${LATIN_LINE}`,
      });
    });
    expect(result.errors[7]).toEqual({
      name: "Row 10 (Wei Wang)",
      error:
        "companyName: has characters the letter cannot print (北 京 大 学): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
    });
  });
});
