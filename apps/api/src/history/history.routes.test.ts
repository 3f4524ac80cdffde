import type { HistoryEntryDto } from "@visa/domain";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applicationHistory, applications, mailJobs } from "../db/schema.js";
import { importRow, postImport, toCsv } from "../imports/csv-test-helpers.js";
import { drainMailQueue, MAX_ATTEMPTS } from "../notifications/mail-queue.js";
import { applicationPayload, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { recordEvent, recordEvents } from "./history.service.js";

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

  it("marks the secretariat's messages the owner has not seen, and lists them, never notes", async () => {
    const { owner, id } = await createOwn();
    const stranger = await buildUser(t.app);
    const unseenList = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: "GET", url: "/api/applications/unseen-messages", headers });
      expect(res.statusCode).toBe(200);
      return res.json() as { applicationId: string; count: number; latestAt: string }[];
    };
    const post = (kind: "notes" | "messages", text: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/applications/${id}/${kind}`,
        headers: admin.auth,
        payload: { text },
      });
    expect((await post("notes", "Looks forged")).statusCode).toBe(201);
    expect((await post("messages", "Please bring your badge")).statusCode).toBe(201);

    const mine = (await history(id, owner.auth)).entries;
    expect(mine.filter((e) => e.unseen).map((e) => e.text)).toEqual(["Please bring your badge"]);
    expect((await history(id, admin.auth)).entries.some((e) => e.unseen)).toBe(false);
    const listed = await unseenList(owner.auth);
    expect(listed).toEqual([{ applicationId: id, count: 1, latestAt: mine.find((e) => e.unseen)?.at }]);
    expect(JSON.stringify(listed)).not.toContain("forged");
    expect(await unseenList(stranger.auth)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/applications/unseen-messages" })).statusCode).toBe(
      401,
    );

    // Acting on the request after the message is how the portal knows it was read.
    expect((await put(id, owner.auth, { city: "Gdańsk" })).statusCode).toBe(200);
    expect((await history(id, owner.auth)).entries.some((e) => e.unseen)).toBe(false);
    expect(await unseenList(owner.auth)).toEqual([]);

    expect((await post("messages", "One more thing")).statusCode).toBe(201);
    expect((await unseenList(owner.auth)).map((m) => m.count)).toEqual([1]);
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

  it("keeps several entries written in one statement in their order, with their changes", async () => {
    const { id } = await createOwn();
    await recordEvents(t.app.ctx.db, [
      { applicationId: id, kind: "note", actorId: admin.user.id, text: 'First, with a "quote", a comma' },
      {
        applicationId: id,
        kind: "status_changed",
        fromStatus: "Pending",
        toStatus: "Rejected",
        reason: "No visa needed",
      },
      {
        applicationId: id,
        kind: "fields_changed",
        actorId: admin.user.id,
        changes: [{ field: "city", from: 'Lyon, "old"', to: "Nice" }, { field: "passportNumber" }],
      },
    ]);
    const { entries } = await history(id, admin.auth);
    expect(entries.slice(-3)).toMatchObject([
      { kind: "note", text: 'First, with a "quote", a comma', by: { firstName: "Grace" } },
      {
        kind: "status_changed",
        fromStatus: "Pending",
        toStatus: "Rejected",
        reason: "No visa needed",
        by: null,
      },
      {
        kind: "fields_changed",
        changes: [{ field: "city", from: 'Lyon, "old"', to: "Nice" }, { field: "passportNumber" }],
      },
    ]);
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

  it("records a status change's reason, shown to the admin and the applicant alike", async () => {
    const { owner, id } = await createOwn();
    await put(id, admin.auth, { status: "Rejected", reason: "No proof of registration" });
    await put(id, admin.auth, { status: "Pending" });
    const expected = [
      {
        kind: "status_changed",
        fromStatus: "Pending",
        toStatus: "Rejected",
        reason: "No proof of registration",
      },
      { kind: "status_changed", fromStatus: "Rejected", toStatus: "Pending" },
    ];
    expect((await history(id, owner.auth)).entries).toMatchObject(expected);
    const all = (await history(id, admin.auth)).entries.filter((e) => e.kind === "status_changed");
    expect(all).toMatchObject(expected);
    expect(all[1]?.reason ?? null).toBeNull();
  });

  it("records a mail the mail server refused to the last attempt as failed, without its address", async () => {
    const { owner, id } = await createOwn();
    // The confirmation of the request goes out first, normally.
    await drainMailQueue(t.app.ctx);
    const send = vi.spyOn(t.mailer, "send").mockRejectedValue(new Error("550 mailbox unavailable"));
    try {
      await t.app.inject({
        method: "POST",
        url: `/api/applications/${id}/messages`,
        headers: admin.auth,
        payload: { text: "Please send your ticket" },
      });
      // Every attempt but the last has already failed: this one gives up.
      await t.app.ctx.db
        .update(mailJobs)
        .set({ attempts: MAX_ATTEMPTS - 1 })
        .where(and(eq(mailJobs.applicationId, id), isNull(mailJobs.sentAt), isNull(mailJobs.failedAt)));
      await drainMailQueue(t.app.ctx);
      expect(send).toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
    const { entries } = await history(id, admin.auth);
    const failed = entries.filter((e) => e.kind === "mail_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]?.text).toMatch(/message/i);
    expect(JSON.stringify(failed)).not.toContain(owner.user.email);
    expect(entries.some((e) => e.kind === "mail_sent" && e.text === failed[0]?.text)).toBe(false);
  });

  it("records an import's change of an identifier without its values", async () => {
    const meeting = await buildMeeting(t.app);
    const row = (birthdate: string) =>
      toCsv([importRow(meeting.name, 7, { birthdate, lastName: "Identifier-7", city: "Köln" })]);
    expect((await postImport(t.app, admin.auth, row("1985-06-15"))).statusCode).toBe(200);
    // Matched by its passport number, the row brings another birthdate.
    expect((await postImport(t.app, admin.auth, row("1986-07-16"))).statusCode).toBe(200);
    const [created] = await t.app.ctx.db
      .select({ id: applicationHistory.applicationId })
      .from(applicationHistory)
      .innerJoin(applications, eq(applications.id, applicationHistory.applicationId))
      .where(and(eq(applicationHistory.kind, "imported"), eq(applications.lastName, "Identifier-7")));
    const { entries } = await history(created?.id ?? "", admin.auth);
    expect(entries).toMatchObject([
      { kind: "imported", text: "Created" },
      { kind: "imported", text: "Updated", changes: [{ field: "birthdate" }] },
    ]);
    expect(entries[1]?.changes?.[0]).toEqual({ field: "birthdate" });
    expect(JSON.stringify(entries)).not.toMatch(/1985-06-15|1986-07-16/);
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
