import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { letters, organisation } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { applicantWithApplication, letterReference } from "./letters-test-helpers.js";
import { setOrganisationImage, updateOrganisation } from "./organisation.service.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Two real 2x2 PNGs, blue and red: the organisation's first logo and the one replacing it.
const BLUE_LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAD0lEQVR4nGNgMJ4JQhAKABP6AzHVPtkTAAAAAElFTkSuQmCC",
  "base64",
);
const RED_LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4w8AARAwQCgAZjgMxbNz3jgAAAABJRU5ErkJggg==",
  "base64",
);

/** The organisation's settings, as an admin saves them under Admin → Letters. */
const setOrganisation = (name: string, address: string, contact: string) =>
  updateOrganisation(t.app.ctx, {
    name,
    address,
    contact,
    signatoryName: "",
    signatoryTitle: "",
    paperSize: "A4",
  });
const setLogo = (data: Buffer) => setOrganisationImage(t.app.ctx, "logo", data);

/** A newly approved application's letter, issued under the organisation as it is now. */
async function issueLetter(): Promise<string> {
  const { applicant, application } = await applicantWithApplication(t.app);
  return letterReference(t.app, application.id, applicant.auth);
}

const verifiedIssuer = async (reference: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/verify/${reference}` });
  expect(res.statusCode).toBe(200);
  return res.json().organisation;
};
/** The logo as the organisation keeps it (uploads are stored as the copy letters print). */
async function storedLogo(): Promise<Buffer> {
  const [row] = await t.app.ctx.db.select({ logo: organisation.logo }).from(organisation);
  if (!row?.logo) throw new Error("the organisation has no logo");
  return row.logo;
}
const logo = (reference: string) => t.app.inject({ method: "GET", url: `/api/verify/${reference}/logo` });

// The issuer as the letters issued first print it.
const PRINTED = { name: "Standards Org", address: "1 Old Street\nGeneva", asOf: "letter" };

describe("the issuer on the verification page", () => {
  let withoutLogo: string;
  let withBlueLogo: string;

  beforeAll(async () => {
    await setOrganisation("Standards Org", "1 Old Street\nGeneva", "visa@old.example");
    withoutLogo = await issueLetter();
    await setLogo(BLUE_LOGO);
    withBlueLogo = await issueLetter();
  });

  it("is the issuer the letter printed, with its logo, while nothing changed", async () => {
    expect(await verifiedIssuer(withBlueLogo)).toEqual({
      ...PRINTED,
      contact: "visa@old.example",
      hasLogo: true,
      changedSince: false,
      logoReplaced: false,
    });
    const image = await logo(withBlueLogo);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(await storedLogo())).toBe(true);
  });

  it("shows no logo beside a letter that printed none, though the organisation has one now", async () => {
    expect(await verifiedIssuer(withoutLogo)).toMatchObject({
      name: "Standards Org",
      hasLogo: false,
      changedSince: true,
      logoReplaced: false,
    });
    expect((await logo(withoutLogo)).statusCode).toBe(404);
  });

  it("keeps the printed name, address and logo after the organisation is renamed, moves and changes logo", async () => {
    await setOrganisation("Renamed Org", "2 New Avenue\nBern", "help@new.example");
    await setLogo(RED_LOGO);

    expect(await verifiedIssuer(withBlueLogo)).toEqual({
      ...PRINTED,
      // The letter does not print a contact: the page gives the way to reach the issuer now.
      contact: "help@new.example",
      hasLogo: false,
      changedSince: true,
      logoReplaced: true,
    });
    const replaced = await logo(withBlueLogo);
    expect(replaced.statusCode).toBe(404);

    const renamedLetter = await issueLetter();
    expect(await verifiedIssuer(renamedLetter)).toMatchObject({
      name: "Renamed Org",
      address: "2 New Avenue\nBern",
      hasLogo: true,
      changedSince: false,
    });
    expect((await logo(renamedLetter)).rawPayload.equals(await storedLogo())).toBe(true);
  });

  it("says a letter issued before the portal kept its issuer shows today's details", async () => {
    const old = await issueLetter();
    // Such a letter's row, as an upgrade leaves it when the organisation changed after it was issued.
    await t.app.ctx.db
      .update(letters)
      .set({ organisationName: null, organisationAddress: null, organisationLogoSha256: null })
      .where(eq(letters.reference, old));
    expect(await verifiedIssuer(old)).toEqual({
      name: "Renamed Org",
      address: "2 New Avenue\nBern",
      contact: "help@new.example",
      hasLogo: true,
      asOf: "today",
      changedSince: false,
      logoReplaced: false,
    });
    expect((await logo(old)).rawPayload.equals(await storedLogo())).toBe(true);
  });

  it("answers an unknown reference's logo with 404", async () => {
    expect((await logo("VL-0000-0000-0000-0000")).statusCode).toBe(404);
  });
});

describe("a logo stored at full size by an older version", () => {
  let reference: string;
  let stored: Buffer;

  beforeAll(async () => {
    // A 3000 x 2000 photo of a megabyte or more, kept as uploaded, as versions before scaled
    // uploads left it: written straight to the row, as an upgrade finds it.
    stored = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 20 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    expect(stored.length).toBeGreaterThan(1024 * 1024);
    await t.app.ctx.db
      .update(organisation)
      .set({ logo: stored, logoType: "image/jpeg", version: sql`${organisation.version} + 1` });
    reference = await issueLetter();
  });

  it("is served on the verification page scaled as the letter prints it, not at full size", async () => {
    const [letter] = await t.app.ctx.db
      .select({ logoSha256: letters.organisationLogoSha256 })
      .from(letters)
      .where(eq(letters.reference, reference));
    // The letter keeps the hash of the logo as stored, whatever size it printed it at.
    expect(letter?.logoSha256).toBe(createHash("sha256").update(stored).digest("hex"));

    expect(await verifiedIssuer(reference)).toMatchObject({ hasLogo: true, logoReplaced: false });
    const image = await logo(reference);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(image.rawPayload).metadata();
    // The logo's box prints 625 x 234 pixels at 300 dpi; a 3:2 photo fits 351 x 234.
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 351, 234]);
    expect(image.rawPayload.length).toBeLessThan(200 * 1024);
    // The stored original is left as it was.
    expect((await storedLogo()).equals(stored)).toBe(true);
  });

  it("is no longer served once the organisation replaces it", async () => {
    await setLogo(BLUE_LOGO);
    expect((await logo(reference)).statusCode).toBe(404);
    expect(await verifiedIssuer(reference)).toMatchObject({ hasLogo: false, logoReplaced: true });
  });
});
