import { DEFAULT_LETTER_TEMPLATE } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { composeLetter } from "../compose-letter.js";
import type { LetterAssets } from "../letter-assets.js";
import { SAMPLE_APPLICANT } from "../letter-pdf.service.js";
import { hasPoppler, linkAnnotations, printedWords, within } from "../letters-test-helpers.js";
import { renderLetterPdf } from "./render-letter.js";

const assets = {
  name: "International Standards Consortium",
  address: "1 Standards Way\nWakefield, MA 01880",
  signatoryName: "Jane Doe",
  signatoryTitle: "Secretary General",
  paperSize: "A4",
  logo: null,
  signature: null,
} as unknown as LetterAssets;

/** A letter for the sample applicant issued by a portal at `publicUrl`, with its verification address. */
async function letterAt(publicUrl: string, paperSize = "A4") {
  const content = composeLetter({
    applicant: SAMPLE_APPLICANT,
    meeting: {
      name: "Plenary Meeting",
      location: "Orlando, FL",
      startDate: "2030-03-02",
      endDate: "2030-03-07",
    },
    assets: { ...assets, paperSize } as LetterAssets,
    template: DEFAULT_LETTER_TEMPLATE,
    // Wide letters: the reference as long as a printed one can be.
    reference: "VL-WMWM-WMWM-WMWM-WMWM",
    issuedOn: "2026-01-15",
    publicUrl,
  });
  return { url: content.verifyUrl, pdf: await renderLetterPdf(content) };
}

/** The words pdftotext reads that together spell the address, in order: its printed lines. */
function addressLines(pdf: Buffer, url: string) {
  const words = printedWords(pdf);
  for (let i = 0; i < words.length; i++) {
    let spelled = "";
    for (let j = i; j < words.length && url.startsWith(spelled); j++) {
      spelled += words[j]?.text;
      if (spelled === url) return words.slice(i, j + 1);
    }
  }
  throw new Error(`${url} is not printed`);
}

describe("the printed verification address", () => {
  it("is a link to the letter's own verification page, printed with the page and without a border", async () => {
    const { url, pdf } = await letterAt("https://visa.example.org");
    const links = await linkAnnotations(pdf);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.uri).toBe(url);
      expect(link.flags & 4).toBe(4);
      expect(link.border).toEqual([0, 0, 0]);
    }
  });

  it.skipIf(!hasPoppler("pdftotext")).each(["A4", "Letter"])(
    "prints on one line for an ordinary host (%s), all of it under the link",
    async (paperSize) => {
      const { url, pdf } = await letterAt("https://visa.example.org", paperSize);
      const lines = addressLines(pdf, url);
      expect(lines).toHaveLength(1);
      const links = await linkAnnotations(pdf);
      expect(links).toHaveLength(1);
      const [line] = lines;
      const [link] = links;
      if (!line || !link) throw new Error("no address or no link");
      expect(within(line, link)).toBe(true);
      // The link covers the address, not the lines around it.
      expect(link.y2 - link.y1).toBeLessThan(12);
      expect(link.x1).toBeGreaterThan(line.x1 - 1);
    },
  );

  it.skipIf(!hasPoppler("pdftotext"))(
    "still opens the whole address from any of its lines when a long host makes it wrap",
    async () => {
      const { url, pdf } = await letterAt(
        "https://visa-letters.international-standards-consortium.example.org",
      );
      const lines = addressLines(pdf, url);
      expect(lines.length).toBeGreaterThan(1);
      // Broken after the host, where a reader would.
      expect(lines[0]?.text).toBe("https://visa-letters.international-standards-consortium.example.org/");
      const links = await linkAnnotations(pdf);
      expect(links).toHaveLength(lines.length);
      for (const line of lines) {
        const over = links.filter((link) => within(line, link));
        expect(over, line.text).toHaveLength(1);
        expect(over[0]?.uri).toBe(url);
      }
    },
  );
});
