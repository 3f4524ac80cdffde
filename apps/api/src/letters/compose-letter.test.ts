// West of UTC: a calendar date read as an instant would print a day early here.
process.env.TZ = "America/Los_Angeles";

import { DEFAULT_LETTER_TEMPLATE } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { composeLetter } from "./compose-letter.js";
import type { LetterAssets } from "./letter-assets.js";
import { SAMPLE_APPLICANT } from "./letter-pdf.service.js";

const assets = {
  name: "Standards Org",
  address: "1 Way",
  signatoryName: "Jane Doe",
  signatoryTitle: "Secretary",
  paperSize: "Letter",
  logo: null,
  signature: null,
} as unknown as LetterAssets;

const meeting = { name: "Plenary", location: "Orlando, FL", startDate: "2030-03-02", endDate: "2030-03-07" };

/** A letter for the sample applicant with `over` applied, in the default template unless given one. */
function composeFor(
  over: Partial<typeof SAMPLE_APPLICANT>,
  template = DEFAULT_LETTER_TEMPLATE as { addressee: string; body: string },
) {
  return composeLetter({
    applicant: { ...SAMPLE_APPLICANT, ...over },
    meeting,
    assets,
    template,
    reference: "VL-7K3M-9QX2-HB4T-R8WZ",
    issuedOn: "2026-01-01",
    publicUrl: "https://portal.example.org",
  });
}

function compose(template?: { addressee: string; body: string }) {
  return composeFor(
    { companyMailingAddress2: "Suite 5", state: "MA", postalCode: "01880", country: "US" },
    template,
  );
}

describe("composing a letter", () => {
  it("formats calendar dates from their parts, whatever the server's time zone", () => {
    const c = compose();
    expect(c.issueDate).toBe("January 1, 2026");
    const value = (label: string) => [...c.applicant, ...c.visit].find((r) => r.label === label)?.value;
    expect(value("Date of birth")).toBe("January 31, 1990");
    expect(value("Arrival")).toBe("March 1, 2030");
    expect(value("Meeting dates")).toBe("March 2, 2030 – March 7, 2030");
  });

  it("prints countries by name and the full company address", () => {
    const c = compose();
    const value = (label: string) => c.applicant.find((r) => r.label === label)?.value;
    expect(value("Issuing country")).toBe("Poland");
    expect(value("Company address")).toBe("ul. Marszałkowska 1\nSuite 5\nWarszawa, MA 01880\nUnited States");
  });

  it("prints an address without a State/Province with no empty part or stray comma", () => {
    const c = composeFor({
      companyMailingAddress1: "Borgartún 12",
      companyMailingAddress2: "",
      city: "Reykjavík",
      state: "",
      postalCode: "105",
      country: "IS",
    });
    const address = c.applicant.find((r) => r.label === "Company address")?.value;
    expect(address).toBe("Borgartún 12\nReykjavík 105\nIceland");
  });

  it("fills placeholders and splits the body into paragraphs at blank lines", () => {
    const c = compose({
      addressee: "To: Consular Officer of {{passportIssuingCountry}}",
      body: "Dear Officer,\n\n{{fullName}} attends {{meetingName}}\nin {{meetingLocation}}.\n\n\nRef {{reference}}, {{issueDate}}.",
    });
    expect(c.addressee).toBe("To: Consular Officer of Poland");
    expect(c.paragraphs).toEqual([
      "Dear Officer,",
      "Zoë Łukasiewicz-Ñúñez attends Plenary\nin Orlando, FL.",
      "Ref VL-7K3M-9QX2-HB4T-R8WZ, January 1, 2026.",
    ]);
    expect(c.verifyUrl).toBe("https://portal.example.org/verify/VL-7K3M-9QX2-HB4T-R8WZ");
  });

  it("leaves out the hotel row when no hotel is given", () => {
    const c = composeFor({ hotelName: "" });
    expect(c.visit.map((r) => r.label)).not.toContain("Hotel");
  });
});
