import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importErrorReports } from "../db/schema.js";
import { buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { importRow, postImport, storedRows, toCsv } from "./csv-test-helpers.js";
import { MAX_LISTED_ERRORS } from "./import.service.js";

// A small row cap, so the test reaches it quickly; the default (20,000) is in config.ts.
const MAX_ROWS = 1_500;
let t: TestApp;
let auth: Record<string, string>;
let userAuth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ importMaxRows: MAX_ROWS });
  auth = (await buildUser(t.app, { isAdmin: true })).auth;
  userAuth = (await buildUser(t.app)).auth;
});
const report = (id: string, headers = auth) =>
  t.app.inject({ method: "GET", url: `/api/applications/import/errors/${id}`, headers });
afterAll(() => t.close());

describe("import limits", () => {
  it("refuses a file with more rows than the cap, writing nothing", async () => {
    const meeting = await buildMeeting(t.app);
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => importRow(meeting.name, i));
    const res = await postImport(t.app, auth, toCsv(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The file has more than 1,500 rows. Split it into smaller files.");
    expect(await storedRows(t.app, meeting.id)).toHaveLength(0);
  });

  it("lists the first 1,000 failed rows and counts them all", async () => {
    const meeting = await buildMeeting(t.app);
    const rows = Array.from({ length: 1_200 }, (_, i) => importRow(meeting.name, i, { gender: "Robot" }));
    const res = await postImport(t.app, auth, toCsv(rows));
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result.failed).toBe(1_200);
    expect(result.errors).toHaveLength(MAX_LISTED_ERRORS);
    expect(result.errors[0].name).toMatch(/^Row 2 /);
  });

  it("keeps the whole error list as a spreadsheet-safe CSV to download for an hour", async () => {
    const meeting = await buildMeeting(t.app);
    const rows = Array.from({ length: 1_200 }, (_, i) =>
      importRow(meeting.name, i, { gender: "Robot", firstName: i === 1_100 ? "Ann\n=1+1" : "Jürgen" }),
    );
    rows.push(importRow(meeting.name, 5_000));
    const result = (await postImport(t.app, auth, toCsv(rows))).json();
    expect(result).toMatchObject({ successful: 1, failed: 1_200 });
    expect(result.errorReportId).toMatch(/^[0-9a-f-]{36}$/);

    const res = await report(result.errorReportId);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain("import-errors.csv");
    expect(res.headers["cache-control"]).toContain("no-store");
    const records: string[][] = parse(res.body, { bom: true });
    expect(records[0]).toEqual(["row", "error"]);
    expect(records).toHaveLength(1 + 1_200);
    expect(records[1]).toEqual(["Row 2 (Jürgen Müller-0)", "gender: must be Male, Female or Other"]);
    expect(records[1_200]?.[0]).toBe("Row 1201 (Jürgen Müller-1199)");
    // Past the answer's first 1,000, and a formula at the start of a line inside a cell is text.
    const forged = records.find((r) => r[0]?.startsWith("Row 1102 "));
    expect(forged?.[0]).toBe("Row 1102 (Ann\n'=1+1 Müller-1100)");
    expect(res.body).toContain('"Row 1102 (Ann\n\'=1+1 Müller-1100)"');
  });

  it("gives the list to admins only, and forgets it after an hour", async () => {
    const meeting = await buildMeeting(t.app);
    const { errorReportId } = (
      await postImport(t.app, auth, toCsv([importRow(meeting.name, 1, { gender: "Robot" })]))
    ).json();
    expect((await report(errorReportId, userAuth)).statusCode).toBe(403);
    expect((await report(errorReportId, {})).statusCode).toBe(401);
    expect((await report("7c9e6679-7425-40de-944b-e07fc1f90ae7")).statusCode).toBe(404);
    expect((await report("not-an-id")).statusCode).toBe(400);
    await t.app.ctx.db
      .update(importErrorReports)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(importErrorReports.id, errorReportId));
    const gone = await report(errorReportId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(
      "This list of import errors is no longer kept. Import the file again to see it.",
    );
    // The next import with errors deletes the lists older than an hour.
    await postImport(t.app, auth, toCsv([importRow(meeting.name, 2, { gender: "Robot" })]));
    const left = await t.app.ctx.db
      .select()
      .from(importErrorReports)
      .where(eq(importErrorReports.id, errorReportId));
    expect(left).toHaveLength(0);
  });

  it("keeps no list when every row went in", async () => {
    const meeting = await buildMeeting(t.app);
    const result = (await postImport(t.app, auth, toCsv([importRow(meeting.name, 1)]))).json();
    expect(result).toMatchObject({ successful: 1, failed: 0, errorReportId: null });
  });
});
