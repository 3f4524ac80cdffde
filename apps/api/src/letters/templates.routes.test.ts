import { DEFAULT_LETTER_TEMPLATE } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { hasPoppler, pdfText, readZip } from "./letters-test-helpers.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const templateUrl = (meetingId: string) => `/api/letters/templates/${meetingId}`;
const flat = (s: string) => s.replace(/\s+/g, " ");

describe("letter templates", () => {
  it("gives a meeting without a template the default one", async () => {
    const meeting = await buildMeeting(t.app);
    const res = await t.app.inject({ method: "GET", url: templateUrl(meeting.id), headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ meetingId: meeting.id, isDefault: true, ...DEFAULT_LETTER_TEMPLATE });
  });

  it("refuses an unknown placeholder with 400 naming it, and saves nothing", async () => {
    const meeting = await buildMeeting(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: templateUrl(meeting.id),
      headers: admin.auth,
      payload: { addressee: "To whom it may concern", body: "Dear {{fullName}}, see you at {{venue}}." },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Unknown placeholder {{venue}}");
    const after = await t.app.inject({ method: "GET", url: templateUrl(meeting.id), headers: admin.auth });
    expect(after.json().isDefault).toBe(true);
  });

  it.skipIf(!hasPoppler("pdftotext"))(
    "prints a meeting's own template, and the default in letters issued once it is deleted",
    async () => {
      const meeting = await buildMeeting(t.app, {
        name: "Plenary Dallas",
        location: "Dallas, TX",
        startDate: "2030-06-01",
        endDate: "2030-06-05",
      });
      const applicant = await buildUser(t.app);
      const application = await buildApplication(t.app, {
        meetingId: meeting.id,
        userId: applicant.user.id,
        over: { status: "Approved", firstName: "Zoë", lastName: "Łukasiewicz-Ñúñez" },
      });
      const saved = await t.app.inject({
        method: "PUT",
        url: templateUrl(meeting.id),
        headers: admin.auth,
        payload: {
          addressee: "To: Consular Officer, Embassy/Consulate of the United States",
          body: "Dear Officer,\n\nWe invite {{fullName}} to {{meetingName}} in {{meetingLocation}}, {{meetingStartDate}} to {{meetingEndDate}}.",
        },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().isDefault).toBe(false);
      const letter = async () =>
        flat(
          pdfText(
            (
              await t.app.inject({
                method: "GET",
                url: `/api/applications/${application.id}/pdf`,
                headers: applicant.auth,
              })
            ).rawPayload,
          ),
        );
      const text = await letter();
      expect(text).toContain("To: Consular Officer, Embassy/Consulate of the United States");
      expect(text).toContain(
        "We invite Zoë Łukasiewicz-Ñúñez to Plenary Dallas in Dallas, TX, June 1, 2030 to June 5, 2030.",
      );
      expect(text).not.toContain("{{");

      const deleted = await t.app.inject({
        method: "DELETE",
        url: templateUrl(meeting.id),
        headers: admin.auth,
      });
      expect(deleted.json().isDefault).toBe(true);
      // An issued letter never changes; the next one issued prints the default again.
      expect(await letter()).toBe(text);
      const next = await buildApplication(t.app, {
        meetingId: meeting.id,
        userId: applicant.user.id,
        over: { status: "Approved" },
      });
      const nextPdf = await t.app.inject({
        method: "GET",
        url: `/api/applications/${next.id}/pdf`,
        headers: applicant.auth,
      });
      expect(flat(pdfText(nextPdf.rawPayload))).toContain("To whom it may concern");
    },
  );

  it.skipIf(!hasPoppler("pdftotext"))("previews a template from sample data without saving it", async () => {
    const meeting = await buildMeeting(t.app, { name: "Preview Meeting" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/letters/preview",
      headers: admin.auth,
      payload: {
        meetingId: meeting.id,
        addressee: "Dear reader",
        body: "Hello {{fullName}}, welcome to {{meetingName}}.",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = flat(pdfText(res.rawPayload));
    expect(text).toContain("Hello Zoë Łukasiewicz-Ñúñez, welcome to Preview Meeting.");
    expect(text).toContain("PREVIEW");
    const stored = await t.app.inject({ method: "GET", url: templateUrl(meeting.id), headers: admin.auth });
    expect(stored.json().isDefault).toBe(true);
  });

  it("answers 404 for an unknown meeting and 403 for a user", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await t.app.inject({ method: "GET", url: templateUrl(missing), headers: admin.auth })).statusCode,
    ).toBe(404);
    const user = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    expect(
      (await t.app.inject({ method: "GET", url: templateUrl(meeting.id), headers: user.auth })).statusCode,
    ).toBe(403);
  });
});

describe("approved letters of a meeting as a ZIP", () => {
  it("holds one signed letter per approved application, named after each applicant", async () => {
    const meeting = await buildMeeting(t.app);
    const owner = await buildUser(t.app);
    const people = [
      ["Nguyễn", "Thị Minh Khai", "Approved"],
      ["Ada", "Lovelace", "Approved"],
      ["Ada", "Lovelace", "Approved"],
      ["Pending", "Person", "Pending"],
      ["Rejected", "Person", "Rejected"],
    ] as const;
    for (const [firstName, lastName, status] of people) {
      await buildApplication(t.app, {
        meetingId: meeting.id,
        userId: owner.user.id,
        over: { firstName, lastName, status },
      });
    }
    const res = await t.app.inject({
      method: "GET",
      url: `/api/letters/meetings/${meeting.id}/zip`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(String(res.headers["content-disposition"])).toContain(".zip");
    const entries = readZip(res.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual([
      "visa-request-letter-Ada-Lovelace (2).pdf",
      "visa-request-letter-Ada-Lovelace.pdf",
      "visa-request-letter-Nguyễn-Thị Minh Khai.pdf",
    ]);
    for (const e of entries) expect(e.data.subarray(0, 5).toString()).toBe("%PDF-");
    if (hasPoppler("pdftotext")) {
      const nguyen = entries.find((e) => e.name.includes("Nguy"));
      expect(pdfText(nguyen?.data ?? Buffer.alloc(0))).toContain("Nguyễn Thị Minh Khai");
    }
  });

  it("answers 404 for a meeting without approved applications, and 403 for a user", async () => {
    const meeting = await buildMeeting(t.app);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/letters/meetings/${meeting.id}/zip`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("This meeting has no approved applications");
    const user = await buildUser(t.app);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/letters/meetings/${meeting.id}/zip`,
          headers: user.auth,
        })
      ).statusCode,
    ).toBe(403);
  });
});
