import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { importAccepted, importRow, storedRows, toCsv } from "./csv-test-helpers.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const rowsOf = (meetingId: string) => storedRows(t.app, meetingId);
const run = (csv: string | Buffer) => importAccepted(t.app, admin.auth, csv);

describe("import: updates of stored applications", () => {
  it("leaves an application untouched (not even its update time) when rows change and restore it", async () => {
    const meeting = await buildMeeting(t.app);
    const row = importRow(meeting.name, 210);
    await run(toCsv([row]));
    const [before] = await rowsOf(meeting.id);
    const again = await run(toCsv([{ ...row, city: "Bonn" }, row]));
    expect(again).toMatchObject({ successful: 0, updated: 2, unchanged: 0, failed: 0 });
    expect(await rowsOf(meeting.id)).toEqual([before]);
  });

  it("matches and creates in several meetings from one file", async () => {
    const one = await buildMeeting(t.app);
    const two = await buildMeeting(t.app);
    const owner = await buildUser(t.app, { email: "two-meetings@example.test" });
    await run(toCsv([importRow(one.name, 220), importRow(two.name, 221)]));
    const result = await run(
      toCsv([
        importRow(one.name, 220, { city: "Bonn" }),
        importRow(two.name, 221),
        importRow(two.name, 222, { email: "two-meetings@example.test" }),
        importRow(one.name, 221),
      ]),
    );
    expect(result).toMatchObject({ total: 4, successful: 2, updated: 2, unchanged: 1, failed: 0 });
    expect((await rowsOf(one.id)).map((r) => [r.passportKey, r.city])).toEqual([
      ["C00000220", "Bonn"],
      ["C00000221", "Berlin"],
    ]);
    expect((await rowsOf(two.id)).map((r) => [r.passportKey, r.userId])).toEqual([
      ["C00000221", null],
      ["C00000222", owner.user.id],
    ]);
  });

  it("updates thousands of matches, across statements, keeping status, owner and creation", async () => {
    const meeting = await buildMeeting(t.app);
    const rows = Array.from({ length: 2500 }, (_, i) => importRow(meeting.name, 300_000 + i));
    await run(toCsv(rows));
    await t.app.ctx.db
      .update(applications)
      .set({ status: "Approved" })
      .where(eq(applications.passportKey, "C00300000"));
    const before = new Map((await rowsOf(meeting.id)).map((r) => [r.id, r]));
    const result = await run(toCsv(rows.map((r) => ({ ...r, city: "Köln" }))));
    expect(result).toMatchObject({ total: 2500, successful: 0, updated: 2500, unchanged: 0, failed: 0 });
    const after = await rowsOf(meeting.id);
    expect(after).toHaveLength(2500);
    for (const r of after) {
      const old = before.get(r.id);
      expect(r).toMatchObject({
        city: "Köln",
        status: old?.status,
        userId: old?.userId,
        createdAt: old?.createdAt,
      });
      expect(r.updatedAt.getTime()).toBeGreaterThan(old?.updatedAt.getTime() ?? Number.POSITIVE_INFINITY);
    }
    expect(after.filter((r) => r.status === "Approved")).toHaveLength(1);
  });
});

describe("import: older spreadsheets", () => {
  it("reads a Windows-1252 file, euro sign and curly quotes included", async () => {
    const meeting = await buildMeeting(t.app);
    const csv = toCsv([
      importRow(meeting.name, 400, { companyName: "Café “Zum €” GmbH", city: "Düsseldorf" }),
    ]);
    const bytes = Buffer.from(
      csv.replace("“", "\u0093").replace("€", "\u0080").replace("”", "\u0094"),
      "latin1",
    );
    expect(await run(bytes)).toMatchObject({ total: 1, successful: 1, failed: 0 });
    const [row] = await rowsOf(meeting.id);
    expect(row).toMatchObject({
      companyName: "Café “Zum €” GmbH",
      city: "Düsseldorf",
      lastName: "Müller-400",
    });
  });

  it("refuses the question marks a Windows code page leaves for the letters it lacks, keeping the names", async () => {
    const meeting = await buildMeeting(t.app);
    const row = importRow(meeting.name, 401, { firstName: "Ayşe", lastName: "Yılmaz", city: "İstanbul" });
    await run(toCsv([row]));
    // As Excel's "CSV (Comma delimited)" saves it: Windows-1252, "?" for ş, ı and İ.
    const saved = toCsv([{ ...row, additionalInformation: "Is a hotel booked?" }]).replace(/[şıİ]/g, "?");
    const result = await run(Buffer.from(saved, "latin1"));
    expect(result).toMatchObject({ total: 1, updated: 0, failed: 1 });
    const lost =
      'has "?" where the spreadsheet could not save a letter, as files not saved as UTF-8 do: save it as "CSV UTF-8" and import that file';
    expect(result.errors[0].error).toBe(`firstName: ${lost}; lastName: ${lost}; city: ${lost}`);
    const [stored] = await rowsOf(meeting.id);
    expect(stored).toMatchObject({
      firstName: "Ayşe",
      lastName: "Yılmaz",
      city: "İstanbul",
      additionalInformation: "",
    });
  });
});
