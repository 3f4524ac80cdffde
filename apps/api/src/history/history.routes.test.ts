import type { HistoryEntryDto } from "@visa/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationHistory } from "../db/schema.js";
import { importRow, postImport, toCsv } from "../imports/csv-test-helpers.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { applicationPayload, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { recordEvent } from "./history.service.js";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.app, { isAdmin: true, firstName: "Grace", lastName: "Hopper" });
});
afterAll(() => t.close());

const history = async (id: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: "GET", url: `/api/applications/${id}/history`, headers });
  return { status: res.statusCode, entries: res.json() as HistoryEntryDto[] };
};
const put = (id: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "PUT", url: `/api/applications/${id}`, headers, payload });

async function createOwn() {
  const owner = await buildUser(t.app);
  const meeting = await buildMeeting(t.app);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: owner.auth,
    payload: applicationPayload(meeting.id),
  });
  expect(res.statusCode).toBe(201);
  return { owner, meeting, id: res.json()._id as string };
}

describe("GET /api/applications/:id/history", () => {
  it("records creation, field changes without identifiers' values, and status changes", async () => {
    const { owner, id } = await createOwn();
    expect(
      (
        await put(id, owner.auth, {
          city: "Kraków",
          passportNumber: "Y9999999",
          birthdate: "1991-02-02T00:00:00.000Z",
        })
      ).statusCode,
    ).toBe(200);
    expect((await put(id, admin.auth, { status: "rejected" })).statusCode).toBe(200);

    const { status, entries } = await history(id, admin.auth);
    expect(status).toBe(200);
    expect(entries.map((e) => e.kind)).toEqual(["created", "fields_changed", "status_changed"]);
    expect(entries[0]?.by).toEqual({ firstName: "Ada", lastName: "Lovelace", email: owner.user.email });
    expect(entries[1]?.changes).toHaveLength(3);
    expect(entries[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: "city", from: "Warsaw", to: "Kraków" },
        { field: "passportNumber" },
        { field: "birthdate" },
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain("Y9999999");
    expect(JSON.stringify(entries)).not.toContain("1991-02-02");
    expect(entries[2]).toMatchObject({
      fromStatus: "Pending",
      toStatus: "Rejected",
      by: { firstName: "Grace" },
    });
  });

  it("shows the owner status changes and messages only, never notes, and names without e-mail", async () => {
    const { owner, id } = await createOwn();
    await put(id, admin.auth, { city: "Gdańsk" });
    await put(id, admin.auth, { status: "Rejected" });
    await recordEvent(t.app.ctx.db, {
      applicationId: id,
      kind: "note",
      actorId: admin.user.id,
      text: "Looks forged",
    });
    await recordEvent(t.app.ctx.db, {
      applicationId: id,
      kind: "message",
      actorId: admin.user.id,
      text: "Please call us",
    });

    const { entries } = await history(id, owner.auth);
    expect(entries.map((e) => e.kind)).toEqual(["status_changed", "message"]);
    expect(entries[0]?.by).toEqual({ firstName: "Grace", lastName: "Hopper" });
    expect(JSON.stringify(entries)).not.toContain("forged");
    const all = await history(id, admin.auth);
    expect(all.entries.map((e) => e.kind)).toEqual([
      "created",
      "fields_changed",
      "status_changed",
      "note",
      "message",
    ]);
  });

  it("answers 404 to someone else and 401 to no one", async () => {
    const { id } = await createOwn();
    const stranger = await buildUser(t.app);
    expect((await history(id, stranger.auth)).status).toBe(404);
    expect((await history(id, {})).status).toBe(401);
  });

  it("records letters issued and revoked and mail sent or failed", async () => {
    const { id } = await createOwn();
    await put(id, admin.auth, { status: "Approved" });
    await drainMailQueue(t.app.ctx);
    await put(id, admin.auth, { status: "Pending" });
    await drainMailQueue(t.app.ctx);
    const { entries } = await history(id, admin.auth);
    const kinds = entries.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(["letter_issued", "letter_revoked", "mail_sent"]));
    const issued = entries.find((e) => e.kind === "letter_issued");
    const revoked = entries.find((e) => e.kind === "letter_revoked");
    expect(issued?.text).toMatch(/^VL-/);
    expect(revoked).toMatchObject({ text: issued?.text, reason: "withdrawn" });
    expect(kinds.indexOf("letter_issued")).toBeLessThan(kinds.indexOf("letter_revoked"));
  });

  it("records a letter mail that found its application no longer approved as failed", async () => {
    const { id } = await createOwn();
    await put(id, admin.auth, { status: "Approved" });
    await put(id, admin.auth, { status: "Rejected" });
    await drainMailQueue(t.app.ctx);
    const { entries } = await history(id, admin.auth);
    expect(entries.filter((e) => e.kind === "mail_failed")).toHaveLength(1);
  });

  it("records what an import created and changed", async () => {
    const meeting = await buildMeeting(t.app);
    const csv = (city: string) => toCsv([importRow(meeting.name, 1, { city })]);
    expect((await postImport(t.app, admin.auth, csv("Berlin"))).statusCode).toBe(200);
    expect((await postImport(t.app, admin.auth, csv("Bonn"))).statusCode).toBe(200);
    expect((await postImport(t.app, admin.auth, csv("Bonn"))).statusCode).toBe(200);
    const [row] = await t.app.ctx.db
      .select({ id: applicationHistory.applicationId })
      .from(applicationHistory)
      .where(eq(applicationHistory.kind, "imported"));
    const { entries } = await history(row?.id ?? "", admin.auth);
    expect(entries).toMatchObject([
      { kind: "imported", text: "Created", by: { firstName: "Grace" } },
      { kind: "imported", text: "Updated", changes: [{ field: "city", from: "Berlin", to: "Bonn" }] },
    ]);
  });

  it("goes with the application when it is deleted", async () => {
    const { id } = await createOwn();
    const del = await t.app.inject({ method: "DELETE", url: `/api/applications/${id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    const left = await t.app.ctx.db
      .select()
      .from(applicationHistory)
      .where(eq(applicationHistory.applicationId, id));
    expect(left).toEqual([]);
  });
});
