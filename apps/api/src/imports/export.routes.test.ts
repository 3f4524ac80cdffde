import { IMPORT_COLUMNS } from "@visa/domain";
import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, meetings } from "../db/schema.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { postImport } from "./csv-test-helpers.js";
import { slugify } from "./export.service.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const exportOf = (meetingId: string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: "GET", url: `/api/applications/export?meetingId=${meetingId}`, headers });
const rowsOf = (meetingId: string) =>
  t.app.ctx.db
    .select()
    .from(applications)
    .where(eq(applications.meetingId, meetingId))
    .orderBy(asc(applications.createdAt), asc(applications.id));

describe("export", () => {
  it("downloads the meeting's applications in the import columns, with BOM, dates as days, formulas defused", async () => {
    const meeting = await buildMeeting(t.app, { name: "Plenary — São Paulo 2030" });
    const user = await buildUser(t.app);
    await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: user.user.id,
      over: {
        firstName: '=HYPERLINK("http://evil")',
        lastName: "O'Brien",
        phone: "+1 555 0100",
        companyMailingAddress1: "Rua 1, sala 2\nCentro",
        createdAt: new Date("2025-03-01T03:00:00Z"),
        letterEmailed: true,
        letterEmailedDate: "2025-03-05",
        hardCopyMailed: false,
        hardCopyMailedDate: "2025-03-06",
      },
    });
    const res = await exportOf(meeting.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(
      'filename="applications-plenary-sao-paulo-2030.csv"',
    );
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const [header, row, ...rest] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...IMPORT_COLUMNS]);
    expect(rest).toEqual([]);
    const cell = Object.fromEntries(header!.map((c, i) => [c, row![i]]));
    expect(cell).toMatchObject({
      firstName: '\'=HYPERLINK("http://evil")',
      lastName: "O'Brien",
      phone: "'+1 555 0100",
      companyMailingAddress1: "Rua 1, sala 2\nCentro",
      birthdate: "1990-01-01",
      dateOfArrival: "2030-03-01",
      meetingName: "Plenary — São Paulo 2030",
      // 03:00 UTC is still the previous evening in US Eastern time, where admins read dates.
      applicationDate: "2025-02-28",
      letterMailedDate: "2025-03-05",
      hardCopyMailedDate: "",
    });
  });

  it("quotes every cell with a line break and defuses a formula at the start of each of its lines", async () => {
    const meeting = await buildMeeting(t.app);
    const user = await buildUser(t.app);
    // Stored before single-line fields refused line breaks: the export must still be safe.
    await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: user.user.id,
      over: { lastName: "Smith\n=cmd|' /C calc'!A0", hotelName: "Inn\r\n@SUM(1)" },
    });
    const res = await exportOf(meeting.id);
    expect(res.body).toContain(`"Smith\n'=cmd|' /C calc'!A0"`);
    expect(res.body).toContain(`"Inn\r\n'@SUM(1)"`);
    // No line of the file, read as a spreadsheet that ignores quotes would, starts a formula.
    for (const line of res.body.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/))
      expect(line).not.toMatch(/^[=+\-@]/);
    const [header, row] = parse(res.body, { bom: true }) as string[][];
    expect(row?.[header!.indexOf("lastName")]).toBe("Smith\n'=cmd|' /C calc'!A0");
  });

  it("re-imports cleanly: nothing created, nothing changed", async () => {
    const meeting = await buildMeeting(t.app);
    const user = await buildUser(t.app);
    const create = (over: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: user.auth,
        payload: applicationPayload(meeting.id, over),
      });
    await create({ passportNumber: "AA 1", phone: "+48 22 123", companyMailingAddress2: "-2nd floor" });
    await create({ passportNumber: "AA 2", email: "second@example.test", fax: "@fax", hotelName: "=Hotel" });
    const third = (await create({ passportNumber: "AA 3", email: "third@example.test" })).json();
    await t.app.inject({
      method: "PUT",
      url: `/api/applications/${third._id}`,
      headers: admin.auth,
      payload: {
        status: "Approved",
        gender: "Prefer not to say",
        letterEmailed: true,
        letterEmailedDate: "2030-01-02",
      },
    });
    const before = await rowsOf(meeting.id);
    const csv = (await exportOf(meeting.id)).rawPayload;
    const res = await postImport(t.app, admin.auth, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 3,
      successful: 0,
      updated: 3,
      unchanged: 3,
      failed: 0,
      errors: [],
    });
    expect(await rowsOf(meeting.id)).toEqual(before);
  });

  it("re-creates the applications in an empty installation from an export", async () => {
    const meeting = await buildMeeting(t.app);
    await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { phone: "+1 202 555 0100" },
    });
    const csv = (await exportOf(meeting.id)).rawPayload;
    // The other installation: its meeting of that name is made after the export, and holds nothing.
    await t.app.ctx.db
      .update(meetings)
      .set({ name: `${meeting.name} (first installation)` })
      .where(eq(meetings.id, meeting.id));
    const empty = await buildMeeting(t.app, { name: meeting.name });
    const res = await postImport(t.app, admin.auth, csv);
    expect(res.json()).toMatchObject({ successful: 1, failed: 0 });
    expect((await rowsOf(empty.id))[0]?.phone).toBe("+1 202 555 0100");
  });

  it("answers only the header for a meeting without applications", async () => {
    const meeting = await buildMeeting(t.app);
    const res = await exportOf(meeting.id);
    expect(res.body).toBe(`\uFEFF${IMPORT_COLUMNS.join(",")}\r\n`);
  });

  it("requires an admin and a known meeting id", async () => {
    const meeting = await buildMeeting(t.app);
    const user = await buildUser(t.app);
    expect((await exportOf(meeting.id, user.auth)).statusCode).toBe(403);
    expect((await exportOf(meeting.id, {})).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/applications/export",
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("meetingId is required");
    expect((await exportOf("nope")).json().message).toBe("meetingId must be a valid id");
    const unknown = await exportOf("7c9e6679-7425-40de-944b-e07fc1f90ae7");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Meeting not found");
  });

  it("slugs any meeting name into a safe file name", () => {
    expect(slugify("IETF 123 — Madrid / Día 1")).toBe("ietf-123-madrid-dia-1");
    expect(slugify("東京")).toBe("meeting");
  });
});
