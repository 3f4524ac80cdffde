import { IMPORT_COLUMNS, IMPORT_TEMPLATE_COLUMNS } from "@visa/domain";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, deletedApplications } from "../db/schema.js";
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

const deletionsOf = async (ids: string[]) =>
  (
    await t.app.ctx.db
      .select({ id: deletedApplications.id, meetingId: deletedApplications.meetingId })
      .from(deletedApplications)
      .where(inArray(deletedApplications.id, ids))
  ).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

/**
 * What a restore of a backup taken before the request was made leaves: no application with its
 * id, and no record of its deletion.
 */
const forgetApplication = async (id: string) => {
  await t.app.ctx.db.delete(applications).where(eq(applications.id, id));
  await t.app.ctx.db.delete(deletedApplications).where(eq(deletedApplications.id, id));
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
    expect(await deletionsOf([zoe])).toEqual([{ id: zoe, meetingId: meeting.id }]);
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
    const ids = rowsOfFile(file).map((r) => r.applicationId ?? "");
    expect(await deletionsOf(ids)).toEqual(ids.map((id) => ({ id, meetingId: meeting.id })));

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

describe("import after a restore of a backup older than the export", () => {
  it("brings back a request the restored database never had, under its id", async () => {
    const { meeting, zoe: z, ana: a } = await twoRequests(t.app);
    const [zoe, ana] = [z.id, a.id];
    const yesterday = await exportCsv(meeting.id);
    await forgetApplication(zoe);
    const before = await storedRows(t.app, meeting.id);

    const result = await importAccepted(t.app, admin.auth, yesterday);
    expect(result).toMatchObject({ total: 2, successful: 1, updated: 1, unchanged: 1, failed: 0 });
    expect(result.errors).toEqual([]);
    const after = await storedRows(t.app, meeting.id);
    expect(after.map((r) => r.id).sort()).toEqual([zoe, ana].sort());
    expect(after.find((r) => r.id === ana)).toEqual(before.find((r) => r.id === ana));
    expect(after.find((r) => r.id === zoe)).toMatchObject({ passportNumber: "X1", status: "Pending" });

    // The same file again changes nothing: the request is matched, not added twice.
    const again = await importAccepted(t.app, admin.auth, yesterday);
    expect(again).toMatchObject({ total: 2, successful: 0, failed: 0 });
    expect((await storedRows(t.app, meeting.id)).length).toBe(2);
  });

  it("still refuses a request deleted since the restore, and records who deleted what", async () => {
    const { meeting, zoe: z, ana: a } = await twoRequests(t.app);
    const [zoe, ana] = [z.id, a.id];
    const yesterday = await exportCsv(meeting.id);
    await forgetApplication(zoe);
    await importAccepted(t.app, admin.auth, yesterday);
    // Zoë's account is deleted, and her request with it.
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${z.user.user.id}`,
      headers: admin.auth,
    });
    expect(gone.statusCode).toBe(200);
    expect(await deletionsOf([zoe, ana])).toEqual([{ id: zoe, meetingId: meeting.id }]);

    const result = await importAccepted(t.app, admin.auth, yesterday);
    expect(result).toMatchObject({ total: 2, successful: 0, failed: 1 });
    expect(result.errors).toEqual([{ name: "Row 2 (Zoë Łukasiewicz-Ñúñez)", error: DELETED }]);
    expect((await storedRows(t.app, meeting.id)).map((r) => r.id)).toEqual([ana]);
  });

  it("keeps refusing rows changed before deletions were recorded, which left no record", async () => {
    const { meeting, zoe: z } = await twoRequests(t.app);
    const zoe = z.id;
    const monday = await exportCsv(meeting.id);
    // As if the upgrade that began recording came after the export, and the deletion before it.
    await t.app.ctx.db.execute(
      sql`update deleted_applications_recorded_since set since = clock_timestamp() + interval '1 second'`,
    );
    await forgetApplication(zoe);

    const result = await importAccepted(t.app, admin.auth, monday);
    expect(result).toMatchObject({ total: 2, successful: 0, failed: 1 });
    expect(result.errors).toEqual([{ name: "Row 2 (Zoë Łukasiewicz-Ñúñez)", error: DELETED }]);
    expect((await storedRows(t.app, meeting.id)).some((r) => r.id === zoe)).toBe(false);
  });
});
