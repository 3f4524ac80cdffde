import { IMPORT_COLUMNS } from "@visa/domain";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import type { TestApp } from "../test/test-app.js";
import { importAccepted, storedRows } from "./csv-test-helpers.js";
import {
  editedFile,
  exportCsv as exportFile,
  twoRequests as twoRequestsIn,
} from "./exported-file-helpers.js";
import { readLastChanged } from "./import-staleness.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const rowsOf = (meetingId: string) => storedRows(t.app, meetingId);

/** How the result names Zoë's row, the first of `twoRequests`. */
const ZOE_ROW = "Row 2 (Zoë Łukasiewicz-Ñúñez)";
const zoeUpdated = (changed: string[]) => ({ name: ZOE_ROW, reason: "Matched by passport number", changed });

const exportCsv = (meetingId: string) => exportFile(t.app, admin.auth, meetingId);
const twoRequests = () => twoRequestsIn(t.app);

const put = (id: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "PUT", url: `/api/applications/${id}`, headers, payload });

describe("import of an older export", () => {
  it("fails a row that would undo a name corrected in the portal since, and imports the others", async () => {
    const { meeting, zoe, ana } = await twoRequests();
    const monday = await exportCsv(meeting.id);
    // Tuesday: the admin corrects Zoë's name in the portal.
    expect((await put(zoe.id, admin.auth, { lastName: "Łukasiewicz-Núñez" })).statusCode).toBe(200);
    // Until Thursday the secretariat fills in the hotels in Monday's file.
    const thursday = editedFile(monday, (row) => {
      row.hotelName = `Hotel ${row.firstName}`;
    });
    const before = await rowsOf(meeting.id);

    const result = await importAccepted(t.app, admin.auth, thursday);
    expect(result).toMatchObject({ total: 2, successful: 0, updated: 1, unchanged: 0, failed: 1 });
    expect(result.errors).toEqual([
      {
        name: ZOE_ROW,
        error:
          "lastName: changed in the portal after this file was exported, and the file's value differs. Nothing of this row was imported, so the portal's newer value stays: export the meeting again and make your changes in the new file",
      },
    ]);
    expect(result.updatedRecords).toEqual([
      { name: "Row 3 (Ana Silva)", reason: "Matched by passport number", changed: ["hotelName"] },
    ]);
    const after = await rowsOf(meeting.id);
    // Zoë's row changed nothing: the corrected name stays, and so does her empty hotel.
    expect(after.find((r) => r.id === zoe.id)).toEqual(before.find((r) => r.id === zoe.id));
    expect(after.find((r) => r.id === zoe.id)).toMatchObject({
      lastName: "Łukasiewicz-Núñez",
      hotelName: "",
    });
    expect(after.find((r) => r.id === ana.id)?.hotelName).toBe("Hotel Ana");

    // The same file again: the same refusal, and nothing else changes either.
    const again = await importAccepted(t.app, admin.auth, thursday);
    expect(again).toMatchObject({ total: 2, updated: 1, unchanged: 1, failed: 1 });
    expect(again.errors).toEqual(result.errors);
    expect(await rowsOf(meeting.id)).toEqual(after);
  });

  it("fails a row that would undo the applicant's own correction after changes were requested", async () => {
    const { meeting, zoe } = await twoRequests();
    const monday = await exportCsv(meeting.id);
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/applications/${zoe.id}/request-changes`,
      headers: admin.auth,
      payload: { text: "Please write your first name as in your passport." },
    });
    expect(asked.statusCode).toBe(200);
    expect((await put(zoe.id, zoe.user.auth, { firstName: "Zoe", city: "Kraków" })).statusCode).toBe(200);
    const before = await rowsOf(meeting.id);

    const result = await importAccepted(t.app, admin.auth, monday);
    expect(result).toMatchObject({ total: 2, updated: 1, unchanged: 1, failed: 1 });
    expect(result.errors[0].name).toBe(ZOE_ROW);
    expect(result.errors[0].error).toMatch(
      /^firstName, city: changed in the portal after this file was exported/,
    );
    expect(await rowsOf(meeting.id)).toEqual(before);
  });

  it("imports a row whose application only changed status or got a note since the export", async () => {
    const { meeting, zoe } = await twoRequests();
    const monday = await exportCsv(meeting.id);
    expect((await put(zoe.id, admin.auth, { status: "Approved" })).statusCode).toBe(200);
    const note = await t.app.inject({
      method: "POST",
      url: `/api/applications/${zoe.id}/notes`,
      headers: admin.auth,
      payload: { text: "Called the hotel." },
    });
    expect(note.statusCode).toBe(201);
    const file = editedFile(monday, (row) => {
      if (row.passportNumber === "X1") row.hotelConfirmation = "BK-778";
    });

    const result = await importAccepted(t.app, admin.auth, file);
    expect(result).toMatchObject({ total: 2, updated: 2, unchanged: 1, failed: 0 });
    expect(result.updatedRecords[0]).toEqual(zoeUpdated(["hotelConfirmation"]));
    const [stored] = (await rowsOf(meeting.id)).filter((r) => r.id === zoe.id);
    expect(stored).toMatchObject({ hotelConfirmation: "BK-778", status: "Approved" });
    // Imported twice, the file changes nothing the second time.
    const again = await importAccepted(t.app, admin.auth, file);
    expect(again).toMatchObject({ total: 2, updated: 2, unchanged: 2, failed: 0 });
  });

  it("re-imports a fresh export taken after the correction with no changes", async () => {
    const { meeting, zoe } = await twoRequests();
    await put(zoe.id, admin.auth, { lastName: "Łukasiewicz-Núñez" });
    const fresh = await exportCsv(meeting.id);
    const [header, ...cells] = parse(fresh, { bom: true }) as string[][];
    expect(header?.at(-1)).toBe("lastChanged");
    for (const row of cells) expect(row.at(-1)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const before = await rowsOf(meeting.id);

    const result = await importAccepted(t.app, admin.auth, fresh);
    expect(result).toMatchObject({ total: 2, successful: 0, updated: 2, unchanged: 2, failed: 0 });
    expect(await rowsOf(meeting.id)).toEqual(before);
  });

  it("imports a file without lastChanged as it always has, naming the columns each row changed", async () => {
    const { meeting, zoe } = await twoRequests();
    const monday = await exportCsv(meeting.id);
    await put(zoe.id, admin.auth, { lastName: "Łukasiewicz-Núñez" });
    // A hand-made file (or one whose lastChanged column was deleted) carries no export time.
    const handMade = editedFile(monday, () => {}, IMPORT_COLUMNS.slice(0, -1));

    const result = await importAccepted(t.app, admin.auth, handMade);
    expect(result).toMatchObject({ total: 2, updated: 2, unchanged: 1, failed: 0 });
    expect(result.updatedRecords[0]).toEqual(zoeUpdated(["lastName"]));
    expect((await rowsOf(meeting.id)).find((r) => r.id === zoe.id)?.lastName).toBe("Łukasiewicz-Ñúñez");
  });

  it("fails a row whose lastChanged a spreadsheet re-wrote, changing nothing", async () => {
    const { meeting } = await twoRequests();
    const file = editedFile(await exportCsv(meeting.id), (row) => {
      row.city = "Gdańsk";
      if (row.passportNumber === "X1") row.lastChanged = "02/03/2030 10:15";
    });
    const before = await rowsOf(meeting.id);
    const result = await importAccepted(t.app, admin.auth, file);
    expect(result).toMatchObject({ total: 2, updated: 1, failed: 1 });
    expect(result.errors[0]).toEqual({
      name: ZOE_ROW,
      error:
        "lastChanged: is not a time as the export writes it (such as 2030-03-02T10:15:30.123456Z): export the meeting again and make your changes in the new file",
    });
    const zoe = (await rowsOf(meeting.id)).find((r) => r.passportNumber === "X1");
    expect(zoe).toEqual(before.find((r) => r.passportNumber === "X1"));
  });
});

describe("readLastChanged", () => {
  it("reads the export's form with any number of decimals, and nothing else", () => {
    expect(readLastChanged("2030-03-02T10:15:30.123456Z")).toBe("2030-03-02T10:15:30.123456Z");
    expect(readLastChanged("2030-03-02T10:15:30.1Z")).toBe("2030-03-02T10:15:30.100000Z");
    expect(readLastChanged("2030-03-02T10:15:30Z")).toBe("2030-03-02T10:15:30.000000Z");
    for (const bad of ["2030-02-30T10:15:30Z", "2030-03-02 10:15:30", "2030-03-02T25:00:00Z", "45000.5"]) {
      expect(readLastChanged(bad)).toBeNull();
    }
  });
});
