import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS } from "@visa/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications } from "../db/schema.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { type CsvRow, importAccepted, importRow, postImport, storedRows, toCsv } from "./csv-test-helpers.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const newMeeting = () => buildMeeting(t.app);
const rowsOf = (meetingId: string) => storedRows(t.app, meetingId);
const run = (csv: string | Buffer) => importAccepted(t.app, admin.auth, csv);

describe("import: new rows", () => {
  it("creates Pending applications, owned by the account with the same e-mail, else by nobody", async () => {
    const meeting = await newMeeting();
    const owner = await buildUser(t.app, { email: "owner@example.test" });
    const result = await run(
      toCsv([
        importRow(meeting.name, 1, { email: "OWNER@Example.test", passportIssuingCountry: "Germany" }),
        importRow(meeting.name, 2, { gender: "female", country: "côte d’ivoire" }),
      ]),
    );
    expect(result).toMatchObject({ total: 2, successful: 2, updated: 0, failed: 0, errors: [] });
    const rows = await rowsOf(meeting.id);
    expect(rows.map((r) => [r.email, r.userId, r.status])).toEqual([
      ["owner@example.test", owner.user.id, "Pending"],
      ["person2@example.test", null, "Pending"],
    ]);
    expect(rows[0]).toMatchObject({
      passportIssuingCountry: "DE",
      passportKey: "C00000001",
      // No one has changed it yet.
      lastUpdatedById: null,
    });
    expect(rows[1]).toMatchObject({ gender: "Female", country: "CI" });
  });

  it("lets the applicant claim an imported application by registering later and verifying the address", async () => {
    const meeting = await newMeeting();
    await run(toCsv([importRow(meeting.name, 3, { email: "later@example.test" })]));
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "Later@example.test", password: "abcdef", firstName: "L", lastName: "R" },
    });
    const mine = () =>
      t.app.inject({
        method: "GET",
        url: "/api/applications",
        headers: { authorization: `Bearer ${reg.json().token}` },
      });
    // Nothing is linked until the address is proved by the mailed link.
    expect((await mine()).json()).toEqual([]);
    await drainMailQueue(t.app.ctx);
    const link = t.mailer.sent.find((m) => m.to === "later@example.test")?.text ?? "";
    const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(link)?.[1];
    const verified = await t.app.inject({ method: "POST", url: `/api/auth/verify-email/${token}` });
    expect(verified.statusCode).toBe(200);
    expect((await mine()).json().map((a: { email: string }) => a.email)).toEqual(["later@example.test"]);
  });

  it("uses the optional dates: application date, letter and hard copy mailed", async () => {
    const meeting = await newMeeting();
    await run(
      toCsv([
        importRow(meeting.name, 4, {
          applicationDate: "2025-11-30",
          letterMailedDate: "2025-12-01",
          hardCopyMailedDate: "2025-12-02",
          hotelName: "Hotel Ñandú",
        }),
      ]),
    );
    const [row] = await rowsOf(meeting.id);
    expect(row?.createdAt.toISOString().slice(0, 10)).toBe("2025-11-30");
    expect(row).toMatchObject({
      letterEmailed: true,
      letterEmailedDate: "2025-12-01",
      hardCopyMailed: true,
      hardCopyMailedDate: "2025-12-02",
      hotelName: "Hotel Ñandú",
    });
  });

  it("reads a BOM, CRLF line ends, quoted commas and quotes, any column order and case", async () => {
    const meeting = await newMeeting();
    const columns = [...IMPORT_REQUIRED_COLUMNS].reverse().map((c) => (c === "email" ? "EMAIL" : c));
    const row = importRow(meeting.name, 5, { companyMailingAddress1: 'Suite 5, "North", Hauptstraße 1' });
    const csv = `\uFEFF${toCsv([{ ...row, EMAIL: row.email } as CsvRow], columns, "\r\n")}\r\n,,,\r\n`;
    const result = await run(csv);
    expect(result).toMatchObject({ total: 1, successful: 1, failed: 0 });
    const [stored] = await rowsOf(meeting.id);
    expect(stored?.companyMailingAddress1).toBe('Suite 5, "North", Hauptstraße 1');
    expect(stored?.email).toBe("person5@example.test");
  });

  it("reads column names written with spaces or underscores between words", async () => {
    const meeting = await newMeeting();
    const names: Record<string, string> = {
      firstName: "First Name",
      lastName: "last_name",
      passportNumber: " Passport number ",
    };
    const csv = toCsv([importRow(meeting.name, 13)]).replace(/^[^\n]*/, (header) =>
      header
        .split(",")
        .map((c) => names[c] ?? c)
        .join(","),
    );
    expect(await run(csv)).toMatchObject({ total: 1, successful: 1, failed: 0, unknownColumns: [] });
    expect((await rowsOf(meeting.id))[0]).toMatchObject({ firstName: "Jürgen", lastName: "Müller-13" });
  });

  it("reads semicolons, as Excel saves CSV where the decimal mark is a comma", async () => {
    const meeting = await newMeeting();
    const row = importRow(meeting.name, 7, { companyMailingAddress1: "Suite 5, North; Hauptstraße 1" });
    const csv = toCsv([row, importRow(meeting.name, 8)], IMPORT_COLUMNS, "\r\n", ";");
    expect(await run(Buffer.from(csv, "latin1"))).toMatchObject({ total: 2, successful: 2, failed: 0 });
    const [stored] = await rowsOf(meeting.id);
    expect(stored).toMatchObject({
      companyMailingAddress1: "Suite 5, North; Hauptstraße 1",
      lastName: "Müller-7",
      phone: "+49 30 1234567",
    });
  });

  it("reads Excel's Unicode Text: UTF-16 with a byte-order mark, separated by tabs", async () => {
    const meeting = await newMeeting();
    const rows = [importRow(meeting.name, 9, { firstName: "Дмитрий", lastName: "Nguyễn", city: "Αθήνα" })];
    const text = `\uFEFF${toCsv(rows, IMPORT_COLUMNS, "\r\n", "\t")}`;
    const be = Buffer.from(text, "utf16le").swap16();
    for (const bytes of [Buffer.from(text, "utf16le"), be]) {
      expect(await run(bytes)).toMatchObject({ total: 1, failed: 0 });
    }
    const stored = await rowsOf(meeting.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ firstName: "Дмитрий", lastName: "Nguyễn", city: "Αθήνα" });
  });

  it("reads dates a spreadsheet re-wrote in its locale's order, as the file's own dates prove it", async () => {
    const meeting = await newMeeting();
    const us = {
      dateOfArrival: "3/1/2030",
      dateOfDeparture: "3/8/2030",
      passportExpirationDate: "1/31/2031",
    };
    const csv = toCsv([
      importRow(meeting.name, 10, { ...us, birthdate: "6/5/1985", applicationDate: "1/2/2025 0:00" }),
      importRow(meeting.name, 11, { ...us, birthdate: "12/31/1985" }),
    ]);
    const result = await run(csv);
    expect(result).toMatchObject({ total: 2, successful: 2, failed: 0 });
    expect(result.notes).toEqual([
      "Dates written with slashes were read month first (MM/DD/YYYY), as row 2's passportExpirationDate shows.",
    ]);
    const stored = await rowsOf(meeting.id);
    expect(
      stored.map((r) => [r.birthdate, r.dateOfArrival, r.dateOfDeparture, r.passportExpirationDate]),
    ).toEqual([
      ["1985-06-05", "2030-03-01", "2030-03-08", "2031-01-31"],
      ["1985-12-31", "2030-03-01", "2030-03-08", "2031-01-31"],
    ]);
  });

  it("refuses a date that reads both ways when no date in the file tells which", async () => {
    const meeting = await newMeeting();
    const result = await run(toCsv([importRow(meeting.name, 12, { birthdate: "06/05/1985" })]));
    expect(result).toMatchObject({ total: 1, successful: 0, failed: 1, notes: [] });
    expect(result.errors[0].error).toBe(
      "birthdate: could be day or month first (as 03/04/1990 could be 3 April or 4 March), and no date in the file shows which: write it as YYYY-MM-DD",
    );
    expect(await rowsOf(meeting.id)).toEqual([]);
  });

  it("strips the apostrophe that keeps a spreadsheet from reading a phone number as a formula", async () => {
    const meeting = await newMeeting();
    await run(toCsv([importRow(meeting.name, 6, { phone: "'+1 555 0100" })]));
    expect((await rowsOf(meeting.id))[0]?.phone).toBe("+1 555 0100");
  });
});

describe("import: invalid rows", () => {
  it("fails each bad row on its own, naming the row and the field, and stores none of them", async () => {
    const meeting = await newMeeting();
    const m = meeting.name;
    const rows: CsvRow[] = [
      importRow(m, 10),
      importRow(m, 11, { phone: "" }),
      importRow(m, 12, { birthdate: "15/06/85" }),
      importRow(m, 13, { dateOfArrival: "2030-02-30" }),
      importRow(m, 14, { gender: "Robot" }),
      importRow(m, 15, { meetingName: "No Such Meeting" }),
      importRow(m, 16, { country: "Atlantis" }),
      importRow(m, 17, { email: "not-an-email" }),
      importRow(m, 18, { dateOfDeparture: "2030-02-01" }),
      importRow(m, 19, { firstName: "x".repeat(101) }),
      importRow(m, 20, { passportNumber: "<script>" }),
      importRow(m, 21, { meetingName: m.toUpperCase() }),
    ];
    const result = await run(toCsv(rows));
    expect(result).toMatchObject({ total: 12, successful: 2, updated: 0, failed: 10 });
    expect(result.errors).toEqual([
      { name: "Row 3 (Jürgen Müller-11)", error: "phone: is required" },
      {
        name: "Row 4 (Jürgen Müller-12)",
        error: "birthdate: must be a date with a four-digit year (YYYY-MM-DD)",
      },
      { name: "Row 5 (Jürgen Müller-13)", error: "dateOfArrival: must be a date (YYYY-MM-DD)" },
      { name: "Row 6 (Jürgen Müller-14)", error: "gender: must be Male, Female or Other" },
      { name: "Row 7 (Jürgen Müller-15)", error: 'meetingName: no meeting is named "No Such Meeting"' },
      { name: "Row 8 (Jürgen Müller-16)", error: "country: must be a country code or name" },
      { name: "Row 9 (Jürgen Müller-17)", error: "email: Invalid email address" },
      { name: "Row 10 (Jürgen Müller-18)", error: "dateOfDeparture: must not be before dateOfArrival" },
      { name: `Row 11 (${"x".repeat(101)} Müller-19)`, error: "firstName: must be at most 100 characters" },
      {
        name: "Row 12 (Jürgen Müller-20)",
        error: "passportNumber: may contain only letters, digits, spaces and hyphens",
      },
    ]);
    expect((await rowsOf(meeting.id)).map((r) => r.email)).toEqual([
      "person10@example.test",
      "person21@example.test",
    ]);
  });

  it("refuses a quoted line break in a single-line column, and a name with no visible letter", async () => {
    const meeting = await newMeeting();
    const rows = [
      importRow(meeting.name, 40, { companyMailingAddress1: "Suite 5\r\nHauptstraße 1" }),
      importRow(meeting.name, 41, { lastName: "\u200B" }),
      importRow(meeting.name, 42, { firstName: "Ann\u202Ea" }),
    ];
    const result = await run(toCsv(rows));
    expect(result).toMatchObject({ total: 3, successful: 1, failed: 2 });
    expect(result.errors.map((e: { error: string }) => e.error)).toEqual([
      "companyMailingAddress1: must be one line, without line breaks or control characters",
      "lastName: is required",
    ]);
    expect((await rowsOf(meeting.id)).map((r) => r.firstName)).toEqual(["Anna"]);
  });

  it("says a number in scientific notation lost its digits in the spreadsheet", async () => {
    const meeting = await newMeeting();
    const result = await run(
      toCsv([
        importRow(meeting.name, 32, { passportNumber: "1.23457E+08", phone: "4.91701E+11", fax: "4,9E+11" }),
      ]),
    );
    const shortened =
      "is a number the spreadsheet shortened (such as 1.23E+08), which loses its digits: format the column as Text and write the number in full";
    expect(result.errors).toEqual([
      {
        name: "Row 2 (Jürgen Müller-32)",
        error: `passportNumber: ${shortened}; phone: ${shortened}; fax: ${shortened}`,
      },
    ]);
    expect(await rowsOf(meeting.id)).toEqual([]);
  });

  it("lists every problem of a row and refuses a row with more cells than the header", async () => {
    const meeting = await newMeeting();
    const extra = toCsv([importRow(meeting.name, 31)]).split("\n")[1];
    const csv = `${toCsv([importRow(meeting.name, 30, { gender: "", country: "ZZ" })])}${extra},extra\n`;
    const result = await run(csv);
    expect(result.errors).toEqual([
      {
        name: "Row 2 (Jürgen Müller-30)",
        error: "gender: is required; country: must be a country code or name",
      },
      { name: "Row 3 (Jürgen Müller-31)", error: "row: has more cells than the header row" },
    ]);
  });
});

describe("import: matching", () => {
  it("updates a match by passport (any case, any spaces), else by e-mail, keeping status and owner", async () => {
    const meeting = await newMeeting();
    const owner = await buildUser(t.app);
    const byPassport = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: owner.user.id,
      over: { passportNumber: "ab 123", passportKey: "AB123", status: "Approved" },
    });
    const byEmail = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { email: "match@example.test", status: "Rejected" },
    });
    const result = await run(
      toCsv([
        importRow(meeting.name, 40, { passportNumber: "AB123", city: "Bonn" }),
        importRow(meeting.name, 41, { email: "Match@Example.test", city: "Köln" }),
      ]),
    );
    expect(result).toMatchObject({ total: 2, successful: 0, updated: 2, failed: 0 });
    // Each names the columns it changed (the factory's applications differ from the rows in many).
    expect(result.updatedRecords).toEqual([
      {
        name: "Row 2 (Jürgen Müller-40)",
        reason: "Matched by passport number",
        changed: expect.arrayContaining(["city", "passportNumber"]),
      },
      {
        name: "Row 3 (Jürgen Müller-41)",
        reason: "Matched by email",
        changed: expect.arrayContaining(["city", "passportNumber"]),
      },
    ]);
    const rows = await rowsOf(meeting.id);
    expect(rows).toHaveLength(2);
    const a = rows.find((r) => r.id === byPassport.id);
    const b = rows.find((r) => r.id === byEmail.id);
    expect(a).toMatchObject({
      city: "Bonn",
      status: "Approved",
      userId: owner.user.id,
      passportNumber: "AB123",
    });
    expect(b).toMatchObject({ city: "Köln", status: "Rejected", userId: null, passportKey: "C00000041" });
  });

  it("refuses a passport number whose leading zeros a spreadsheet dropped, keeping the stored one", async () => {
    const meeting = await newMeeting();
    await run(toCsv([importRow(meeting.name, 40, { passportNumber: "012345678" })]));
    const result = await run(toCsv([importRow(meeting.name, 40, { passportNumber: "12345678" })]));
    expect(result).toMatchObject({ total: 1, successful: 0, updated: 0, failed: 1 });
    expect(result.errors[0].error).toContain("format the column as Text and write the number in full");
    const stored = await rowsOf(meeting.id);
    expect(stored.map((r) => r.passportNumber)).toEqual(["012345678"]);
  });

  it("matches only within the row's meeting", async () => {
    const here = await newMeeting();
    const there = await newMeeting();
    await buildApplication(t.app, { meetingId: there.id, userId: null, over: { passportKey: "C00000050" } });
    const result = await run(toCsv([importRow(here.name, 50)]));
    expect(result).toMatchObject({ successful: 1, updated: 0 });
  });

  it("treats a repeated row as a match of the first, never a duplicate", async () => {
    const meeting = await newMeeting();
    const m = meeting.name;
    const result = await run(
      toCsv([
        importRow(m, 60),
        importRow(m, 60),
        importRow(m, 60, { passportNumber: "c0 000 0060", city: "Ulm" }),
      ]),
    );
    expect(result).toMatchObject({ total: 3, successful: 1, updated: 2, failed: 0 });
    expect(result.updatedRecords).toEqual([
      { name: "Row 3 (Jürgen Müller-60)", reason: "No changes (matched by passport number)" },
      { name: "Row 4 (Jürgen Müller-60)", reason: "Matched by passport number", changed: ["city"] },
    ]);
    const rows = await rowsOf(meeting.id);
    expect(rows.map((r) => [r.city, r.passportNumber])).toEqual([["Ulm", "C00000060"]]);
  });

  it("keeps two people who share an e-mail apart", async () => {
    const meeting = await newMeeting();
    const shared = { email: "assistant@example.test" };
    const result = await run(
      toCsv([importRow(meeting.name, 70, shared), importRow(meeting.name, 71, shared)]),
    );
    expect(result).toMatchObject({ successful: 2, updated: 0 });
    const again = await run(
      toCsv([importRow(meeting.name, 70, shared), importRow(meeting.name, 71, shared)]),
    );
    expect(again).toMatchObject({ successful: 0, updated: 2, unchanged: 2 });
  });

  it("changes nothing when the same file is imported twice", async () => {
    const meeting = await newMeeting();
    const csv = toCsv([
      importRow(meeting.name, 80),
      importRow(meeting.name, 81, { fax: "+49 30 999", applicationDate: "2025-01-02" }),
      importRow(meeting.name, 80),
    ]);
    await run(csv);
    const before = await rowsOf(meeting.id);
    const again = await run(csv);
    expect(again).toMatchObject({ total: 3, successful: 0, updated: 3, unchanged: 3, failed: 0 });
    expect(again.updatedRecords.every((r: { reason: string }) => r.reason.startsWith("No changes"))).toBe(
      true,
    );
    expect(await rowsOf(meeting.id)).toEqual(before);
  });
});

describe("import: the file", () => {
  it.each([
    [
      "a missing column",
      toCsv(
        [],
        IMPORT_COLUMNS.filter((c) => c !== "meetingName"),
      ),
      "The file is missing the required column: meetingName",
    ],
    [
      "another separator",
      IMPORT_COLUMNS.join("|"),
      "The file's columns must be separated by commas (or semicolons or tabs), but its header row uses another separator. Save it as CSV (comma-separated).",
    ],
    ["an empty file", "  \n", "The file is empty"],
    [
      "a workbook",
      Buffer.from("PK\u0003\u0004\u0000\u0000binary", "latin1"),
      "The file is not a CSV file. Save the spreadsheet as CSV (comma-separated) and import that file.",
    ],
    ["an unclosed quote", `${IMPORT_COLUMNS.join(",")}\n"a,b`, "The file could not be read as CSV"],
    [
      "a repeated column",
      `${IMPORT_COLUMNS.join(",")},email\n`,
      "The column email appears more than once in the header row",
    ],
  ])("refuses %s with 400 and changes nothing", async (_label, data, message) => {
    const before = await t.app.ctx.db.select({ id: applications.id }).from(applications);
    const res = await postImport(t.app, admin.auth, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.app.ctx.db.select({ id: applications.id }).from(applications)).toEqual(before);
  });

  it("asks for a file when none is sent, and refuses a file over 20 MB with 413 and its size", async () => {
    const none = await t.app.inject({
      method: "POST",
      url: "/api/applications/import",
      headers: { ...admin.auth, "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--\r\n",
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please select a file to import");
    const big = await postImport(t.app, admin.auth, Buffer.alloc(25 * 1024 * 1024, "a"));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("The file must be at most 20 MB; this one is 25 MB");
  });

  it("accepts a file over the 10 MB document limit", async () => {
    const meeting = await newMeeting();
    // A column the import does not know is ignored, however long its cells.
    const row = { ...importRow(meeting.name, 90), notes: "n".repeat(11 * 1024 * 1024) } as CsvRow;
    const csv = toCsv([row], [...IMPORT_COLUMNS, "notes"]);
    expect(csv.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(await run(csv)).toMatchObject({ total: 1, successful: 1 });
  });

  it("is for admins only", async () => {
    const user = await buildUser(t.app);
    const res = await postImport(t.app, user.auth, toCsv([]));
    expect(res.statusCode).toBe(403);
    expect((await postImport(t.app, {}, toCsv([]))).statusCode).toBe(401);
  });
});

describe("import: volume", () => {
  it("imports 5,000 rows in one request, and re-importing them creates and changes nothing", async () => {
    const meeting = await newMeeting();
    const rows = Array.from({ length: 5000 }, (_, i) => importRow(meeting.name, 100_000 + i));
    const csv = toCsv(rows);
    const first = await run(csv);
    expect(first).toMatchObject({ total: 5000, successful: 5000, updated: 0, failed: 0 });
    const before = await rowsOf(meeting.id);
    expect(before).toHaveLength(5000);
    const second = await run(csv);
    expect(second).toMatchObject({ total: 5000, successful: 0, updated: 5000, unchanged: 5000, failed: 0 });
    const after = await t.app.ctx.db
      .select({ id: applications.id, updatedAt: applications.updatedAt })
      .from(applications)
      .where(and(eq(applications.meetingId, meeting.id)));
    const updatedAt = new Map(before.map((r) => [r.id, r.updatedAt.getTime()]));
    expect(after.every((r) => updatedAt.get(r.id) === r.updatedAt.getTime())).toBe(true);
  });
});
