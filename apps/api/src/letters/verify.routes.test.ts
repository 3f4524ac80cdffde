import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { applicantWithApplication, letterReference } from "./letters-test-helpers.js";
import { setOrganisationImage } from "./organisation.service.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const issuedReference = (id: string, auth: Record<string, string>) => letterReference(t.app, id, auth);

const verify = (reference: string, ip = "203.0.113.1") =>
  t.app.inject({ method: "GET", url: `/api/verify/${encodeURIComponent(reference)}`, remoteAddress: ip });

const setStatusAsAdmin = (id: string, status: string, auth: Record<string, string>) =>
  t.app.inject({ method: "PUT", url: `/api/applications/${id}`, headers: auth, payload: { status } });

describe("verification", () => {
  it("confirms a valid letter with only what an officer needs, without signing in", async () => {
    const { applicant, application, meeting } = await applicantWithApplication(t.app, {
      over: { firstName: "Дмитрий", lastName: "Шостакович" },
    });
    const reference = await issuedReference(application.id, applicant.auth);
    expect(reference).toMatch(/^VL(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    const res = await verify(reference);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reference,
      status: "valid",
      revokedAt: null,
      revocationReason: null,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      organisation: {
        name: "Visa Letter Portal",
        address: "",
        contact: "",
        hasLogo: false,
        asOf: "letter",
        changedSince: false,
        logoReplaced: false,
      },
      fullName: "Дмитрий Шостакович",
      meeting: {
        name: meeting.name,
        location: "Orlando, FL",
        startDate: "2030-03-02T00:00:00.000Z",
        endDate: "2030-03-07T00:00:00.000Z",
      },
      dateOfArrival: "2030-03-01T00:00:00.000Z",
      dateOfDeparture: "2030-03-08T00:00:00.000Z",
      issuedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/),
    });
    expect(res.body).not.toContain(application.passportNumber);
    expect(res.body).not.toContain("1990-01-01");
  });

  it("accepts the reference as someone may type it", async () => {
    const { applicant, application } = await applicantWithApplication(t.app);
    const reference = await issuedReference(application.id, applicant.auth);
    const typed = reference.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "l");
    expect((await verify(typed)).json().reference).toBe(reference);
  });

  it("accepts the reference as copied from a PDF, an e-mail or the letter's link", async () => {
    const { applicant, application } = await applicantWithApplication(t.app);
    const reference = await issuedReference(application.id, applicant.auth);
    const copies = [
      `${reference}.`,
      `(${reference}),`,
      `"${reference}"`,
      reference.replace(/-/g, "\u2013"),
      reference.replace(/-/g, "\u2011"),
      `\u200b${reference}\u200b`,
      `Reference: ${reference}`,
      `https://letters.example.org/verify/${reference}`,
      reference.replace("VL", "\uff36\uff2c"),
    ];
    for (const copy of copies) {
      const res = await verify(copy, "203.0.113.60");
      expect(res.statusCode, copy).toBe(200);
      expect(res.json().reference).toBe(reference);
    }
  });

  it("keeps the same reference when the letter is downloaded again", async () => {
    const { applicant, application } = await applicantWithApplication(t.app);
    const first = await issuedReference(application.id, applicant.auth);
    expect(await issuedReference(application.id, applicant.auth)).toBe(first);
  });

  it("revokes the letter when the application stops being approved; a new approval issues a new one", async () => {
    const { admin, applicant, application } = await applicantWithApplication(t.app);
    const first = await issuedReference(application.id, applicant.auth);
    expect((await setStatusAsAdmin(application.id, "Pending", admin.auth)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect((await verify(first)).json().status).toBe("revoked");

    expect((await setStatusAsAdmin(application.id, "Approved", admin.auth)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const second = await issuedReference(application.id, applicant.auth);
    expect(second).not.toBe(first);
    expect((await verify(second)).json().status).toBe("valid");
    expect((await verify(first)).json().status).toBe("revoked");
  });

  it("still answers for a deleted application's letter, as revoked", async () => {
    const { admin, applicant, application } = await applicantWithApplication(t.app, {
      over: { firstName: "Γιώργος", lastName: "Παπαδόπουλος" },
    });
    const reference = await issuedReference(application.id, applicant.auth);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/applications/${application.id}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const res = await verify(reference);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "revoked",
      revocationReason: "deleted",
      fullName: "Γιώργος Παπαδόπουλος",
    });
  });

  it("says only whether a passport number matches, in any spelling, and limits the guesses", async () => {
    const { applicant, application } = await applicantWithApplication(t.app, {
      over: { passportNumber: "DE72052712", passportKey: "DE72052712" },
    });
    const reference = await issuedReference(application.id, applicant.auth);
    const check = (passportNumber: string, ip = "192.0.2.10") =>
      t.app.inject({
        method: "POST",
        url: `/api/verify/${reference}/passport`,
        payload: { passportNumber },
        remoteAddress: ip,
      });
    const yes = await check("de 7205-2712");
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ match: true });
    expect((await check("DE72052713")).json()).toEqual({ match: false });
    expect((await check("")).statusCode).toBe(400);
    for (let i = 0; i < 8; i++) await check("X0000000");
    const limited = await check("DE72052712");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many passport checks/);
    // Another client is limited per letter too: the number cannot be guessed from many addresses.
    expect((await check("DE72052712", "192.0.2.11")).statusCode).toBe(429);
  });

  it("matches a passport number copied with punctuation or invisible characters", async () => {
    const { applicant, application } = await applicantWithApplication(t.app, {
      over: { passportNumber: "C01X00T47", passportKey: "C01X00T47" },
    });
    const reference = await issuedReference(application.id, applicant.auth);
    const check = (passportNumber: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/verify/${reference}/passport`,
        payload: { passportNumber },
        remoteAddress: "192.0.2.30",
      });
    for (const copy of ["C01X00T47.", "C01X00T47,", "(C01X00T47)", "C01\u200bX00T47", "C01/X00/T47"]) {
      expect((await check(copy)).json(), copy).toEqual({ match: true });
    }
    expect((await check("C01X00T48.")).json()).toEqual({ match: false });
  });

  it("counts the guesses per letter however its reference is spelled", async () => {
    const { applicant, application } = await applicantWithApplication(t.app);
    const reference = await issuedReference(application.id, applicant.auth);
    const spellings = [
      reference,
      reference.toLowerCase(),
      reference.replace(/-/g, ""),
      reference.replace(/-/g, " "),
      reference.slice(3),
      `${reference}.`,
      reference.replace(/0/g, "O"),
      ` ${reference.toLowerCase().replace(/-/g, "")}`,
      reference.replace(/-/g, "\u2013"),
      `vl${reference.slice(2)}`,
    ];
    const check = (spelling: string, i: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/verify/${encodeURIComponent(spelling)}/passport`,
        payload: { passportNumber: "X0000000" },
        remoteAddress: `192.0.2.${100 + i}`,
      });
    for (const [i, spelling] of spellings.entries()) expect((await check(spelling, i)).statusCode).toBe(200);
    expect((await check(reference.replace(/-/g, "").toLowerCase(), 99)).statusCode).toBe(429);
  });

  it("lets one client check many letters, each within its own limit", async () => {
    // A consulate checks the letters of many applicants from one address.
    const check = (reference: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/verify/${reference}/passport`,
        payload: { passportNumber: "X0000000" },
        remoteAddress: "192.0.2.20",
      });
    const references = Array.from(
      { length: 100 },
      (_, i) => `VL-0000-0000-0000-${String(i).padStart(4, "0")}`,
    );
    for (const reference of references) expect((await check(reference)).statusCode).not.toBe(429);
    // Past a hundred checks an hour the client waits, whichever letter it names.
    expect((await check("VL-0000-0000-0001-0000")).statusCode).toBe(429);
  });

  it("answers an unknown or malformed reference with 404 and a neutral message", async () => {
    for (const reference of ["VL-0000-0000-0000-0000", "not-a-reference", "VL-UUUU-UUUU-UUUU-UUUU"]) {
      const res = await verify(reference, "203.0.113.50");
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: "No letter with this reference was found. Check the reference and try again.",
      });
    }
  });

  it("limits each client to 30 look-ups a minute", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 30; i++) expect((await verify("VL-0000-0000-0000-0000", ip)).statusCode).toBe(404);
    const limited = await verify("VL-0000-0000-0000-0000", ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many/);
    expect((await verify("VL-0000-0000-0000-0000", "198.51.100.8")).statusCode).toBe(404);
  });

  it("lets a client open 30 pages a minute with their logos: a page's logo is not counted as a look-up", async () => {
    // A real 2x2 PNG, the organisation's logo, printed on the letters issued from now on.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAD0lEQVR4nGNgMJ4JQhAKABP6AzHVPtkTAAAAAElFTkSuQmCC",
      "base64",
    );
    await setOrganisationImage(t.app.ctx, "logo", png);
    const letters: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { applicant, application } = await applicantWithApplication(t.app);
      letters.push(await issuedReference(application.id, applicant.auth));
    }
    const ip = "198.51.100.20";
    const logo = (reference: string) =>
      t.app.inject({ method: "GET", url: `/api/verify/${reference}/logo`, remoteAddress: ip });
    // What the page asks for each letter a consulate opens: its details, then its logo.
    for (let view = 0; view < 30; view++) {
      const reference = letters[view % letters.length] ?? "";
      const page = await verify(reference, ip);
      expect(page.statusCode, `page ${view + 1}`).toBe(200);
      expect(page.json().organisation.hasLogo).toBe(true);
      expect((await logo(reference)).statusCode, `logo ${view + 1}`).toBe(200);
    }
    expect((await verify(letters[0] ?? "", ip)).statusCode).toBe(429);
    // The logo has a limit of its own, as many a minute.
    const limited = await logo(letters[0] ?? "");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many/);
  });
});
