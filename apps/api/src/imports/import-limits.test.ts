import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { importRow, postImport, storedRows, toCsv } from "./csv-test-helpers.js";
import { MAX_LISTED_ERRORS } from "./import.service.js";

// A small row cap, so the test reaches it quickly; the default (20,000) is in config.ts.
const MAX_ROWS = 1_500;
let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ importMaxRows: MAX_ROWS });
  auth = (await buildUser(t.app, { isAdmin: true })).auth;
});
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
});
