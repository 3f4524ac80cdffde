// The server runs in a time zone west of UTC: a date read as an instant would print a day early.
process.env.TZ = "America/Los_Angeles";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import {
  applicantWithApplication,
  hasPoppler,
  linkAnnotations,
  pdfText,
  poppler,
} from "./letters-test-helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const download = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/api/applications/${id}/pdf`, headers });

describe.skipIf(!hasPoppler("pdftotext"))("letter PDF content", () => {
  it("runs in a time zone where midnight UTC is the previous day", () => {
    expect(new Date("2030-03-01T00:00:00.000Z").getDate()).toBe(28);
  });

  it.each([
    ["Zoë", "Łukasiewicz-Ñúñez"],
    ["Nguyễn", "Thị Minh Khai"],
    ["Дмитрий", "Шостакович"],
    ["Γιώργος", "Παπαδόπουλος"],
  ])("prints %s %s exactly as text that can be copied out", async (firstName, lastName) => {
    const { applicant, application } = await applicantWithApplication(t.app, {
      over: { firstName, lastName },
    });
    const res = await download(application.id, applicant.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`${firstName} ${lastName}`);
  });

  it("prints every detail, dates from their calendar parts and countries by name", async () => {
    const { applicant, application, meeting } = await applicantWithApplication(t.app, {
      over: {
        firstName: "Ada",
        lastName: "Lovelace",
        birthdate: "1990-01-01",
        gender: "Female",
        passportNumber: "X1234567",
        passportIssuingCountry: "GB",
        passportExpirationDate: "2032-05-31",
        dateOfArrival: "2030-03-01",
        dateOfDeparture: "2030-03-08",
        companyName: "Analytical Engines Ltd",
        position: "Chief Programmer",
        companyMailingAddress1: "12 St James's Square",
        companyMailingAddress2: "Floor 3",
        city: "London",
        state: "Greater London",
        postalCode: "SW1Y 4JH",
        country: "GB",
        phone: "+44 20 7946 0000",
        hotelName: "Hilton Orlando",
      },
    });
    // Lines of a wrapped value join with a space, as a reader copying it would.
    const text = pdfText((await download(application.id, applicant.auth)).rawPayload).replace(/\s+/g, " ");
    for (const expected of [
      "Ada Lovelace",
      "January 1, 1990",
      "Female",
      "X1234567",
      "United Kingdom",
      "May 31, 2032",
      "Analytical Engines Ltd",
      "Chief Programmer",
      "12 St James's Square",
      "Floor 3",
      "London, Greater London SW1Y 4JH",
      "+44 20 7946 0000",
      meeting.name,
      "Orlando, FL",
      "March 2, 2030",
      "March 7, 2030",
      "March 1, 2030",
      "March 8, 2030",
      "Hilton Orlando",
      "To whom it may concern",
    ]) {
      expect(text).toContain(expected);
    }
    // The verification link, on one line.
    expect(text).toMatch(/http:\/\/portal\.example\.test\/verify\/VL(-[0-9A-Z]{4}){4}/);
    expect(text).not.toContain("December 31, 1989");
    expect(text).not.toContain("February 28, 2030");
  });

  it.skipIf(!hasPoppler("pdfinfo"))("fits a typical application on one page", async () => {
    const { applicant, application } = await applicantWithApplication(t.app);
    const info = poppler("pdfinfo", (await download(application.id, applicant.auth)).rawPayload);
    expect(info).toMatch(/Pages:\s+1\n/);
  });
});

describe("who gets a letter", () => {
  it("names the file after the applicant, with an ASCII fallback and the exact UTF-8 name", async () => {
    const { applicant, application } = await applicantWithApplication(t.app, {
      over: { firstName: "Zoë", lastName: "Łukasiewicz-Ñúñez" },
    });
    const res = await download(application.id, applicant.auth);
    const disposition = String(res.headers["content-disposition"]);
    expect(disposition).toContain('filename="visa-request-letter-Zoe-Lukasiewicz-Nunez.pdf"');
    const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? "";
    expect(decodeURIComponent(star)).toBe("visa-request-letter-Zoë-Łukasiewicz-Ñúñez.pdf");
  });

  it("keeps path separators, quotes and line breaks of a name out of the header", async () => {
    const { applicant, application } = await applicantWithApplication(t.app, {
      over: { firstName: '../../etc/"evil"', lastName: "Name\r\nX-Injected: 1" },
    });
    const res = await download(application.id, applicant.auth);
    expect(res.statusCode).toBe(200);
    const disposition = String(res.headers["content-disposition"]);
    expect(res.headers["x-injected"]).toBeUndefined();
    const ascii = /filename="([^"]*)"/.exec(disposition)?.[1] ?? "";
    const exact = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? "");
    for (const name of [ascii, exact]) {
      expect(name).toMatch(/^visa-request-letter-[^/\\"\r\n]+\.pdf$/);
      expect(name).not.toContain("..");
    }
  });

  it.each(["Pending", "Rejected"] as const)("refuses the owner a letter while %s", async (status) => {
    const { applicant, application } = await applicantWithApplication(t.app, { status });
    const res = await download(application.id, applicant.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("The visa letter is available only for approved applications");
  });

  it("hides someone else's application, and asks anonymous callers to log in", async () => {
    const { application } = await applicantWithApplication(t.app);
    const other = await buildUser(t.app);
    const res = await download(application.id, other.auth);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    const anonymous = await download(application.id);
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives an admin any approved letter", async () => {
    const { admin, application } = await applicantWithApplication(t.app);
    const res = await download(application.id, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("answers 400 for an id that is not one and 404 for an unknown one", async () => {
    const { admin } = await applicantWithApplication(t.app);
    expect((await download("not-an-id", admin.auth)).statusCode).toBe(400);
    expect((await download("00000000-0000-4000-8000-000000000000", admin.auth)).statusCode).toBe(404);
  });
});

describe.skipIf(!hasPoppler("pdfsig"))("signature", () => {
  it("is a PAdES signature a standard validator reports intact, and broken once a byte changes", async () => {
    const { applicant, application } = await applicantWithApplication(t.app);
    const pdf = (await download(application.id, applicant.auth)).rawPayload;
    const report = poppler("pdfsig", pdf);
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Signature Validation: Signature is Valid.");

    // Change one character of the printed text inside the signed range.
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf("/Producer");
    expect(at).toBeGreaterThan(0);
    tampered[at + 12] = (tampered[at + 12] ?? 0) ^ 1;
    const broken = poppler("pdfsig", tampered);
    expect(broken).not.toContain("Signature Validation: Signature is Valid.");
  });

  it("covers the link of the printed verification address, which opens the letter's own page", async () => {
    const { applicant, application } = await applicantWithApplication(t.app);
    const pdf = (await download(application.id, applicant.auth)).rawPayload;
    const reference = /\(Letter of invitation (VL(?:-[0-9A-Z]{4}){4})\)/.exec(pdf.toString("latin1"))?.[1];
    expect(reference).toBeDefined();
    const links = await linkAnnotations(pdf);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.uri).toBe(`http://portal.example.test/verify/${reference}`);
    // The links were written before signing: they lie within the bytes the signature covers.
    const range = /\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(pdf.toString("latin1"));
    const [start1, length1, start2, length2] = (range?.slice(1) ?? []).map(Number) as number[];
    expect(start1).toBe(0);
    expect(Number(start2) + Number(length2)).toBe(pdf.length);
    const offsets = [...pdf.toString("latin1").matchAll(/\/Subtype \/Link/g)].map((m) => m.index);
    expect(offsets).toHaveLength(links.length);
    for (const at of offsets) expect(at < Number(length1) || at >= Number(start2)).toBe(true);
    const report = poppler("pdfsig", pdf);
    expect(report).toContain("Total document signed");
    expect(report).toContain("Signature Validation: Signature is Valid.");
  });
});
