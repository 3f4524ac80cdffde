import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, letters } from "../db/schema.js";
import { applicantWithApplication } from "../letters/letters-test-helpers.js";
import { multipartFile } from "../test/multipart.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const withdraw = (id: string, headers: object) => call("POST", `/api/applications/${id}/withdraw`, headers);

describe("POST /api/applications/:id/withdraw", () => {
  it("withdraws a Pending request: Rejected on the wire, withdrawn beside it, in the owner's history", async () => {
    const { applicant, application } = await applicantWithApplication(t.app, { status: "Pending" });
    const res = await withdraw(application.id, applicant.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "Rejected", withdrawnAt: expect.any(String) });
    const history = await call("GET", `/api/applications/${application.id}/history`, applicant.auth);
    expect(history.json()).toContainEqual(
      expect.objectContaining({
        kind: "status_changed",
        fromStatus: "Pending",
        toStatus: "Rejected",
        reason: "Withdrawn by the applicant",
      }),
    );
    // Withdrawn once is enough, and it can no longer be edited.
    expect((await withdraw(application.id, applicant.auth)).statusCode).toBe(403);
    expect(
      (await call("PUT", `/api/applications/${application.id}`, applicant.auth, { city: "Oslo" })).statusCode,
    ).toBe(403);
  });

  it("revokes an approved request's letter, and the verification says withdrawn", async () => {
    const { applicant, application } = await applicantWithApplication(t.app, { status: "Approved" });
    const pdf = await call("GET", `/api/applications/${application.id}/pdf`, applicant.auth);
    expect(pdf.statusCode).toBe(200);
    const reference = /Letter of invitation (VL(?:-[0-9A-Z]{4}){4})/.exec(
      pdf.rawPayload.toString("latin1"),
    )?.[1];
    expect(reference).toBeTruthy();
    expect((await withdraw(application.id, applicant.auth)).statusCode).toBe(200);
    const verified = await t.app.inject({ method: "GET", url: `/api/verify/${reference}` });
    expect(verified.json()).toMatchObject({ status: "revoked", revocationReason: "withdrawn" });
    expect(
      (await call("GET", `/api/applications/${application.id}/pdf`, applicant.auth)).statusCode,
    ).not.toBe(200);
  });

  it("refuses a rejected request, someone else's, and an admin who is not the applicant", async () => {
    const rejected = await applicantWithApplication(t.app, { status: "Rejected" });
    const res = await withdraw(rejected.application.id, rejected.applicant.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only a Pending or Approved request can be withdrawn");
    const other = await applicantWithApplication(t.app, { status: "Pending" });
    expect((await withdraw(other.application.id, rejected.applicant.auth)).statusCode).toBe(404);
    const byAdmin = await withdraw(other.application.id, other.admin.auth);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe("Only the applicant can withdraw a request");
    const [row] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, other.application.id));
    expect(row).toMatchObject({ status: "Pending", withdrawnAt: null });
  });

  it("is not approved, rejected or asked for changes from the review desk", async () => {
    const { applicant, admin, application } = await applicantWithApplication(t.app, { status: "Pending" });
    await withdraw(application.id, applicant.auth);
    for (const action of ["approve", "reject"]) {
      const res = await call("POST", "/api/applications/bulk", admin.auth, {
        action,
        ids: [application.id],
        reason: "Incomplete",
      });
      expect(res.json()).toMatchObject({
        changed: 0,
        skipped: [{ _id: application.id, reason: "Withdrawn by the applicant" }],
      });
    }
    const asked = await call("POST", `/api/applications/${application.id}/request-changes`, admin.auth, {
      text: "Please add your hotel",
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().message).toBe(
      "The applicant withdrew this request. To reopen it, edit the request and set its status.",
    );
    const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row).toMatchObject({
      status: "Rejected",
      withdrawnAt: expect.any(Date),
      changesRequestedAt: null,
    });
    expect(
      await t.app.ctx.db.select().from(letters).where(eq(letters.applicationId, application.id)),
    ).toEqual([]);
  });

  it("takes no more documents from the applicant, saying they withdrew it", async () => {
    const { applicant, application } = await applicantWithApplication(t.app, { status: "Pending" });
    await withdraw(application.id, applicant.auth);
    const file = multipartFile({
      filename: "scan.pdf",
      data: Buffer.from("%PDF-1.4\n%%EOF\n"),
      contentType: "application/pdf",
    });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/upload/${application.id}`,
      headers: { ...applicant.auth, ...file.headers },
      payload: file.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Documents cannot be added to a request you withdrew");
  });

  it("an admin's later decision reopens a withdrawn request", async () => {
    const { applicant, admin, application } = await applicantWithApplication(t.app, { status: "Pending" });
    await withdraw(application.id, applicant.auth);
    const res = await call("PUT", `/api/applications/${application.id}`, admin.auth, { status: "Pending" });
    expect(res.json()).toMatchObject({ status: "Pending", withdrawnAt: null });
  });
});

describe("visa appointment date", () => {
  it("is optional, kept as a calendar day, and sorts the admin list soonest first", async () => {
    const { applicant, admin, application, meeting } = await applicantWithApplication(t.app, {
      status: "Pending",
    });
    const set = await call("PUT", `/api/applications/${application.id}`, applicant.auth, {
      visaAppointmentDate: "2030-02-10",
    });
    expect(set.json().visaAppointmentDate).toBe("2030-02-10T00:00:00.000Z");
    const { buildApplication } = await import("../test/factories.js");
    const sooner = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { visaAppointmentDate: "2030-01-20" },
    });
    const none = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const list = (dir: string) =>
      call(
        "GET",
        `/api/applications?admin=true&meetingId=${meeting.id}&sortBy=visaAppointmentDate&sortDirection=${dir}`,
        admin.auth,
      );
    const ids = async (dir: string) =>
      (await list(dir)).json().applications.map((a: { _id: string }) => a._id);
    expect(await ids("asc")).toEqual([sooner.id, application.id, none.id]);
    expect(await ids("desc")).toEqual([none.id, application.id, sooner.id]);
  });
});
