import { IMPORT_COLUMNS, IMPORT_TEMPLATE_COLUMNS } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { meetingWithApplications } from "../purge/purge-test-helpers.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildMeeting } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { importAccepted, importRow, storedRows, toCsv } from "./csv-test-helpers.js";
import {
  type Cells,
  editedFile,
  exportCsv as exportFile,
  rowsOfFile,
  twoRequests,
} from "./exported-file-helpers.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const DELETED =
  "applicationId: this request was deleted in the portal after this file was exported (by an admin, or purged with its meeting's old applications). Nothing of this row was imported: to add it again as a new request, empty its applicationId cell";

const exportCsv = (meetingId: string) => exportFile(t.app, admin.auth, meetingId);

const deleteApplication = async (id: string) => {
  const res = await t.app.inject({ method: "DELETE", url: `/api/applications/${id}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
};

describe("import of an export whose request was deleted in the portal since", () => {
  it("fails the deleted request's row instead of adding it back, and imports the others", async () => {
    const { meeting, zoe: z, ana: a } = await twoRequests(t.app);
    const [zoe, ana] = [z.id, a.id];
    const monday = await exportCsv(meeting.id);
    expect(rowsOfFile(monday).map((r) => r.applicationId)).toEqual([zoe, ana]);
    // Tuesday: the admin deletes Zoë's request. Until Thursday the file gets its hotels, and a
    // new attendee typed in by hand.
    await deleteApplication(zoe);
    const newcomer = importRow(meeting.name, 7);
    const thursday = editedFile(
      monday,
      (row) => {
        row.hotelName = `Hotel ${row.firstName}`;
      },
      IMPORT_COLUMNS,
      [newcomer as Cells],
    );
    const before = await storedRows(t.app, meeting.id);

    const result = await importAccepted(t.app, admin.auth, thursday);
    expect(result).toMatchObject({ total: 3, successful: 1, updated: 1, failed: 1 });
    expect(result.errors).toEqual([{ name: "Row 2 (Zoë Łukasiewicz-Ñúñez)", error: DELETED }]);
    const after = await storedRows(t.app, meeting.id);
    expect(after.map((r) => r.passportNumber)).toEqual(["X2", newcomer.passportNumber]);
    expect(after[0]).toMatchObject({ id: ana, hotelName: "Hotel Ana" });
    expect(after[0]?.id).toBe(before[0]?.id);

    // The same file again: the same refusal, and the deleted request stays deleted.
    const again = await importAccepted(t.app, admin.auth, thursday);
    expect(again).toMatchObject({ total: 3, successful: 0, failed: 1 });
    expect(again.errors).toEqual(result.errors);
    expect((await storedRows(t.app, meeting.id)).length).toBe(2);
  });

  it("adds the request again once its applicationId cell is emptied, as the message says", async () => {
    const { meeting, zoe: z } = await twoRequests(t.app);
    const zoe = z.id;
    const monday = await exportCsv(meeting.id);
    await deleteApplication(zoe);
    const file = editedFile(monday, (row) => {
      if (row.applicationId === zoe) row.applicationId = "";
    });

    const result = await importAccepted(t.app, admin.auth, file);
    expect(result).toMatchObject({ total: 2, successful: 1, failed: 0 });
    const after = await storedRows(t.app, meeting.id);
    expect(after.map((r) => r.passportNumber).sort()).toEqual(["X1", "X2"]);
    expect(after.some((r) => r.id === zoe)).toBe(false);
  });

  it("fails the rows of a purged meeting's export, creating nothing", async () => {
    const { meeting } = await meetingWithApplications(t.app, 400, ["Pending", "Approved"]);
    const file = await exportCsv(meeting.id);
    const purge = await t.app.inject({
      method: "POST",
      url: "/api/admin/purge",
      headers: admin.auth,
      payload: { confirm: "Purge" },
    });
    expect(purge.statusCode).toBe(200);
    expect(await storedRows(t.app, meeting.id)).toEqual([]);

    const result = await importAccepted(t.app, admin.auth, file);
    expect(result).toMatchObject({ total: 2, successful: 0, updated: 0, failed: 2 });
    expect(result.errors.map((e: { error: string }) => e.error)).toEqual([DELETED, DELETED]);
    expect(await storedRows(t.app, meeting.id)).toEqual([]);
  });

  it("fails a row whose applicationId a hand edit broke, changing nothing", async () => {
    const { meeting, zoe: z } = await twoRequests(t.app);
    const zoe = z.id;
    const file = editedFile(await exportCsv(meeting.id), (row) => {
      row.city = "Gdańsk";
      if (row.applicationId === zoe) row.applicationId = "42";
    });
    const before = await storedRows(t.app, meeting.id);

    const result = await importAccepted(t.app, admin.auth, file);
    expect(result).toMatchObject({ total: 2, updated: 1, failed: 1 });
    expect(result.errors).toEqual([
      {
        name: "Row 2 (Zoë Łukasiewicz-Ñúñez)",
        error:
          "applicationId: is not an application's id as the export writes it: leave the column as exported, or empty the cell for a new request",
      },
    ]);
    expect((await storedRows(t.app, meeting.id)).find((r) => r.id === zoe)).toEqual(
      before.find((r) => r.id === zoe),
    );
  });

  it("imports a hand-made file in the template's columns as before", async () => {
    const meeting = await buildMeeting(t.app);
    const file = toCsv([importRow(meeting.name, 1), importRow(meeting.name, 2)], IMPORT_TEMPLATE_COLUMNS);
    const result = await importAccepted(t.app, admin.auth, file);
    expect(result).toMatchObject({ total: 2, successful: 2, failed: 0 });
  });
});
