import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, letters } from "../db/schema.js";
import { importAccepted, importRow, toCsv } from "../imports/csv-test-helpers.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { currentLetter } from "./letter-issue.service.js";
import { loadApplication } from "./letter-pdf.service.js";
import { hasPoppler, poppler, readZip } from "./letters-test-helpers.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const put = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/api/applications/${id}`, headers: admin.auth, payload });
const download = async (id: string, auth = admin.auth) => {
  const res = await t.app.inject({ method: "GET", url: `/api/applications/${id}/pdf`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
const verify = (reference: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/verify/${reference}`,
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
  });
const lettersOf = (applicationId: string) =>
  t.app.ctx.db
    .select()
    .from(letters)
    .where(eq(letters.applicationId, applicationId))
    .orderBy(letters.issuedAt);

/** A pending application of a fresh applicant, approved by the admin through the API. */
async function approved(over: Partial<Parameters<typeof buildApplication>[1]["over"]> = {}) {
  const meeting = await buildMeeting(t.app, { name: `Plenary ${Math.random().toString(36).slice(2, 8)}` });
  const applicant = await buildUser(t.app);
  const application = await buildApplication(t.app, {
    meetingId: meeting.id,
    userId: applicant.user.id,
    over: { email: applicant.user.email, ...over },
  });
  expect((await put(application.id, { status: "Approved" })).statusCode).toBe(200);
  await drainMailQueue(t.app.ctx);
  return { meeting, applicant, application };
}

describe("issued letters", () => {
  it("are signed and stored at approval, and every download returns exactly those bytes", async () => {
    const { application, applicant } = await approved();
    const [stored] = await lettersOf(application.id);
    if (!stored?.pdf) throw new Error("approval stored no letter");
    expect(stored.sha256).toBe(sha256(stored.pdf));
    const first = await download(application.id, applicant.auth);
    const second = await download(application.id);
    expect(first.equals(stored.pdf)).toBe(true);
    expect(second.equals(first)).toBe(true);
    // The mail carried the same file.
    const mail = t.mailer.sent.find((m) => m.to === applicant.user.email && m.attachments?.length);
    expect(mail?.attachments?.[0]?.content.equals(stored.pdf)).toBe(true);
    expect((await verify(stored.reference)).json().sha256).toBe(sha256(first));
  });

  it("do not change when the organisation or the template changes", async () => {
    const { application, meeting } = await approved();
    const before = await download(application.id);
    const org = await t.app.inject({
      method: "PUT",
      url: "/api/letters/organisation",
      headers: admin.auth,
      payload: {
        name: "Renamed Standards Body",
        address: "Elsewhere",
        signatoryName: "X",
        signatoryTitle: "Y",
        paperSize: "Letter",
      },
    });
    expect(org.statusCode).toBe(200);
    const template = await t.app.inject({
      method: "PUT",
      url: `/api/letters/templates/${meeting.id}`,
      headers: admin.auth,
      payload: { addressee: "Dear officer", body: "A different text for {{fullName}}." },
    });
    expect(template.statusCode).toBe(200);
    expect((await download(application.id)).equals(before)).toBe(true);
  });

  it("are superseded by an edit of a printed field: new reference, old one revoked, applicant told", async () => {
    const { application, applicant } = await approved();
    const oldBytes = await download(application.id);
    const [old] = await lettersOf(application.id);
    if (!old) throw new Error("no letter");
    t.mailer.sent.length = 0;

    expect((await put(application.id, { hotelName: "Another Hotel" })).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);

    const oldCheck = (await verify(old.reference)).json();
    expect(oldCheck.status).toBe("revoked");
    expect(oldCheck.revocationReason).toBe("superseded");
    expect(oldCheck.revokedAt).toEqual(expect.any(String));
    expect(sha256(oldBytes)).toBe(oldCheck.sha256);

    const all = await lettersOf(application.id);
    expect(all).toHaveLength(2);
    const current = all.find((l) => l.revokedAt === null);
    if (!current?.pdf) throw new Error("no new letter");
    expect(current.reference).not.toBe(old.reference);
    const newCheck = (await verify(current.reference)).json();
    expect(newCheck.status).toBe("valid");
    const newBytes = await download(application.id, applicant.auth);
    expect(newBytes.equals(current.pdf)).toBe(true);
    expect(newBytes.equals(oldBytes)).toBe(false);
    expect(sha256(newBytes)).toBe(newCheck.sha256);

    const told = t.mailer.sent.filter((m) => m.to === applicant.user.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/replaced/i);
    expect(told[0]?.attachments?.[0]?.content.equals(newBytes)).toBe(true);
  });

  it("are superseded when the meeting's name, location or dates change, and kept otherwise", async () => {
    const { meeting, application, applicant } = await approved();
    const [old] = await lettersOf(application.id);
    if (!old) throw new Error("no letter");
    const editMeeting = (over: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: `/api/meetings/${meeting.id}`,
        headers: admin.auth,
        payload: {
          name: meeting.name,
          location: meeting.location,
          startDate: meeting.startDate,
          endDate: meeting.endDate,
          ...over,
        },
      });
    // Not printed: the letter stays.
    expect((await editMeeting({ reviewDays: 10 })).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(await lettersOf(application.id)).toHaveLength(1);
    t.mailer.sent.length = 0;

    expect((await editMeeting({ location: "Miami, FL, USA" })).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect((await verify(old.reference)).json()).toMatchObject({
      status: "revoked",
      revocationReason: "superseded",
    });
    const current = (await lettersOf(application.id)).find((l) => l.revokedAt === null);
    expect(current?.meetingLocation).toBe("Miami, FL, USA");
    expect((await verify(current?.reference ?? "")).json().status).toBe("valid");
    const told = t.mailer.sent.filter((m) => m.to === applicant.user.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/replaced/i);
    expect(told[0]?.attachments?.[0]?.content.equals(current?.pdf ?? Buffer.alloc(0))).toBe(true);
  });

  it("stay as issued when a field the letter does not print changes", async () => {
    const { application } = await approved();
    const before = await download(application.id);
    expect(
      (await put(application.id, { hotelConfirmation: "ABC123", additionalInformation: "Vegetarian" }))
        .statusCode,
    ).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(await lettersOf(application.id)).toHaveLength(1);
    expect((await download(application.id)).equals(before)).toBe(true);
  });

  it("are revoked with the reason when the approval is withdrawn or rejected", async () => {
    const a = await approved();
    const b = await approved();
    const [la] = await lettersOf(a.application.id);
    const [lb] = await lettersOf(b.application.id);
    await put(a.application.id, { status: "Pending" });
    await put(b.application.id, { status: "Rejected" });
    expect((await verify(la?.reference ?? "")).json()).toMatchObject({
      status: "revoked",
      revocationReason: "withdrawn",
    });
    expect((await verify(lb?.reference ?? "")).json()).toMatchObject({
      status: "revoked",
      revocationReason: "rejected",
    });
  });

  /** An approved application without a letter yet, as the approval's listener reads it. */
  async function readForSigning() {
    const meeting = await buildMeeting(t.app, { name: `Race ${Math.random().toString(36).slice(2, 8)}` });
    const application = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { status: "Approved" },
    });
    const asRead = await loadApplication(t.app.ctx, application.id);
    if (!asRead) throw new Error("application not found");
    return { application, asRead };
  }

  it("are not stored for an application rejected while its letter was being signed", async () => {
    const { application, asRead } = await readForSigning();
    // A rejection committed after the application was read, before the signed letter was stored.
    expect((await put(application.id, { status: "Rejected", statusReason: "Late" })).statusCode).toBe(200);
    expect(await currentLetter(t.app.ctx, asRead)).toBeNull();
    expect(await lettersOf(application.id)).toEqual([]);
  });

  it("print the application as it is when it changed while the letter was being signed", async () => {
    const { application, asRead } = await readForSigning();
    await t.app.ctx.db
      .update(applications)
      .set({ lastName: "Đặng" })
      .where(eq(applications.id, application.id));
    const letter = await currentLetter(t.app.ctx, asRead);
    const [stored] = await lettersOf(application.id);
    expect(stored?.lastName).toBe("Đặng");
    expect(letter?.reference).toBe(stored?.reference);
    if (hasPoppler("pdftotext"))
      expect(poppler("pdftotext", letter?.pdf ?? Buffer.alloc(0))).toContain("Đặng");
  });

  it("are superseded by an import that changes a printed field, and a re-import of the export issues nothing", async () => {
    const meeting = await buildMeeting(t.app, { name: `Import ${Math.random().toString(36).slice(2, 8)}` });
    const row = importRow(meeting.name, 1, { passportNumber: "de 7205-2712" });
    const first = await importAccepted(t.app, admin.auth, toCsv([row]));
    expect(first.successful).toBe(1);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/applications?admin=true&meetingId=${meeting.id}`,
      headers: admin.auth,
    });
    const id = list.json().applications[0]._id as string;
    expect((await put(id, { status: "Approved" })).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const oldBytes = await download(id);
    const [old] = await lettersOf(id);

    // The same passport written another way is the same passport: nothing changes.
    const same = await importAccepted(t.app, admin.auth, toCsv([{ ...row, passportNumber: "DE72052712" }]));
    expect(same).toMatchObject({ successful: 0, updated: 1, unchanged: 1, reissued: 0 });

    const changed = await importAccepted(t.app, admin.auth, toCsv([{ ...row, position: "Chief Engineer" }]));
    expect(changed).toMatchObject({ successful: 0, updated: 1, reissued: 1 });
    await drainMailQueue(t.app.ctx);
    expect((await verify(old?.reference ?? "")).json()).toMatchObject({
      status: "revoked",
      revocationReason: "superseded",
    });
    expect(sha256(oldBytes)).toBe(old?.sha256);
    const current = (await lettersOf(id)).find((l) => l.revokedAt === null);
    expect((await verify(current?.reference ?? "")).json().status).toBe("valid");

    const exported = await t.app.inject({
      method: "GET",
      url: `/api/applications/export?meetingId=${meeting.id}`,
      headers: admin.auth,
    });
    expect(exported.statusCode).toBe(200);
    const again = await importAccepted(t.app, admin.auth, exported.body);
    expect(again).toMatchObject({ successful: 0, failed: 0, reissued: 0 });
    expect(again.unchanged).toBe(again.updated);
    expect(await lettersOf(id)).toHaveLength(2);
  });

  it("go into the meeting's ZIP as stored", async () => {
    const { application, meeting } = await approved();
    const stored = await download(application.id);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/letters/meetings/${meeting.id}/zip`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = readZip(res.rawPayload);
    expect(entry?.data.equals(stored)).toBe(true);
  });

  it.runIf(hasPoppler("pdfsig"))("all carry a valid signature as stored (pdfsig)", async () => {
    await approved({ firstName: "Ólafur", lastName: "Þórðarson" });
    const all = await t.app.ctx.db.select({ pdf: letters.pdf }).from(letters);
    const stored = all.filter((l) => l.pdf);
    expect(stored.length).toBeGreaterThan(3);
    for (const { pdf } of stored) {
      const report = poppler("pdfsig", pdf as Buffer);
      expect(report).toContain("Signature Validation: Signature is Valid.");
    }
  });
});

describe("passport numbers", () => {
  it("are stored normalised: upper case without spaces or dashes", async () => {
    const meeting = await buildMeeting(t.app);
    const applicant = await buildUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: applicant.auth,
      payload: {
        ...(await import("../test/factories.js")).applicationPayload(meeting.id),
        passportNumber: " de 7205-2712 ",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().passportNumber).toBe("DE72052712");
  });
});
