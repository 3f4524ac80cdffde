import { IMPORT_COLUMNS } from "@visa/domain";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { expect } from "vitest";
import type { App } from "../lib/app-type.js";
import { applicationPayload, buildMeeting, buildUser } from "../test/factories.js";

/** A row of a file as a spreadsheet reads it, by header. */
export type Cells = Record<string, string>;

/** A meeting's export, as an admin downloads it. */
export async function exportCsv(app: App, auth: Record<string, string>, meetingId: string): Promise<string> {
  const res = await app.inject({
    method: "GET",
    url: `/api/applications/export?meetingId=${meetingId}`,
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The rows of a file, by header. */
export const rowsOfFile = (csv: string) => parse(csv, { bom: true, columns: true }) as Cells[];

/** The file as a spreadsheet saves it after `edit` changed cells of its rows, with `extra` rows below. */
export function editedFile(
  csv: string,
  edit: (row: Cells) => void,
  columns: readonly string[] = IMPORT_COLUMNS,
  extra: Cells[] = [],
): string {
  const rows = rowsOfFile(csv);
  for (const row of rows) edit(row);
  return stringify([...rows, ...extra], { header: true, columns: [...columns] });
}

/** A meeting with two requests made in the portal by their applicants: Zoë's (X1) and Ana's (X2). */
export async function twoRequests(app: App) {
  const meeting = await buildMeeting(app);
  const create = async (over: object) => {
    const user = await buildUser(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/applications",
      headers: user.auth,
      payload: applicationPayload(meeting.id, { email: user.user.email, ...over }),
    });
    expect(res.statusCode).toBe(201);
    return { user, id: res.json()._id as string };
  };
  return {
    meeting,
    zoe: await create({ passportNumber: "X1" }),
    ana: await create({ passportNumber: "X2", firstName: "Ana", lastName: "Silva" }),
  };
}
