import { deflateSync } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { organisation } from "../db/schema.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildUser } from "../test/factories.js";
import { multipartFile } from "../test/multipart.js";
import type { TestApp } from "../test/test-app.js";
import { applicantWithApplication, hasPoppler, pdfText, poppler } from "./letters-test-helpers.js";
import { generateSelfSignedPkcs12 } from "./signing/pkcs12.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

/** A real 2x2 RGB PNG, built byte by byte. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real 4x2 JPEG, as an image editor saves it (no EXIF). */
const TINY_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCGAXhP/9k=",
  "base64",
);

/** The JPEG as a phone saves it: an EXIF segment whose orientation tag asks viewers to turn it. */
function jpegWithOrientation(orientation: number, littleEndian = false): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write(littleEndian ? "II" : "MM", 0, "latin1");
  const u16 = (v: number, at: number) =>
    littleEndian ? tiff.writeUInt16LE(v, at) : tiff.writeUInt16BE(v, at);
  const u32 = (v: number, at: number) =>
    littleEndian ? tiff.writeUInt32LE(v, at) : tiff.writeUInt32BE(v, at);
  u16(42, 2);
  u32(8, 4); // the first IFD follows the header
  u16(1, 8); // one entry: Orientation, SHORT, count 1
  u16(0x0112, 10);
  u16(3, 12);
  u32(1, 14);
  u16(orientation, 18);
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([TINY_JPEG.subarray(0, 2), head, payload, TINY_JPEG.subarray(2)]);
}

const uploadImage = (which: "logo" | "signature", data: Buffer, filename: string) => {
  const upload = multipartFile({ filename, data, contentType: "image/jpeg" });
  return t.app.inject({
    method: "POST",
    url: `/api/letters/organisation/${which}`,
    headers: { ...admin.auth, ...upload.headers },
    payload: upload.payload,
  });
};

function certificateUpload(p12: Buffer, passphrase: string) {
  const file = multipartFile({ filename: "org.p12", data: p12, contentType: "application/x-pkcs12" });
  const boundary = /boundary=(.+)$/.exec(file.headers["content-type"] ?? "")?.[1] ?? "";
  const field = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="passphrase"\r\n\r\n${passphrase}\r\n`,
  );
  return { payload: Buffer.concat([field, file.payload]), headers: file.headers };
}

const getOrg = () => t.app.inject({ method: "GET", url: "/api/letters/organisation", headers: admin.auth });

const storedImage = (which: "logo" | "signature") =>
  t.app.inject({ method: "GET", url: `/api/letters/organisation/${which}`, headers: admin.auth });

/** A photo as a camera saves it: grain (of `sigma`) that JPEG cannot compress away. */
const grainyJpeg = (width: number, height: number, sigma: number, quality: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma },
    },
  })
    .jpeg({ quality })
    .toBuffer();

/** A letter preview's PDF bytes. */
async function preview(): Promise<Buffer> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/letters/preview",
    headers: admin.auth,
    payload: { addressee: "To whom it may concern", body: "Dear {{fullName}}" },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The width in pixels of the widest image a PDF embeds. */
const largestImageWidth = (pdf: Buffer) =>
  Math.max(
    ...[
      ...pdf
        .toString("latin1")
        .matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)|\/Width (\d+)[^>]*?\/Subtype \/Image/g),
    ].map((m) => Number(m[1] ?? m[2])),
  );

describe("organisation settings", () => {
  it("starts with a generated self-signed certificate and never shows the key", async () => {
    const res = await getOrg();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Visa Letter Portal",
      paperSize: "A4",
      hasLogo: false,
      hasSignature: false,
      certificate: { selfSigned: true, generated: true, subject: expect.stringContaining("CN=") },
    });
    expect(res.body).not.toMatch(/p12|passphrase|PRIVATE/i);
  });

  it("is for admins only", async () => {
    const user = await buildUser(t.app);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/letters/organisation", headers: user.auth }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/letters/organisation" })).statusCode).toBe(401);
  });

  it("saves details that the next letter prints, on the chosen paper size", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/letters/organisation",
      headers: admin.auth,
      payload: {
        name: "Société Internationale de Normalisation",
        address: "1 Standards Way\nWakefield, MA 01880\nUnited States",
        signatoryName: "Jane Doe",
        signatoryTitle: "Secretary General",
        paperSize: "Letter",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Société Internationale de Normalisation",
      paperSize: "Letter",
      // The generated certificate names the organisation as the letters do.
      certificate: {
        generated: true,
        subject: expect.stringContaining("CN=Société Internationale de Normalisation"),
      },
    });
    if (!hasPoppler("pdftotext")) return;
    const { applicant, application } = await applicantWithApplication(t.app);
    const pdf = (
      await t.app.inject({
        method: "GET",
        url: `/api/applications/${application.id}/pdf`,
        headers: applicant.auth,
      })
    ).rawPayload;
    const text = pdfText(pdf);
    for (const s of [
      "Société Internationale de Normalisation",
      "Wakefield, MA 01880",
      "Jane Doe",
      "Secretary General",
    ]) {
      expect(text).toContain(s);
    }
    expect(poppler("pdfinfo", pdf)).toMatch(/Page size:\s+612 x 792 pts/);
  });

  it("refuses a bad paper size or an empty name with 400 and changes nothing", async () => {
    const before = (await getOrg()).json();
    for (const payload of [
      { name: "X", address: "", signatoryName: "", signatoryTitle: "", paperSize: "A5" },
      { name: " ", address: "", signatoryName: "", signatoryTitle: "", paperSize: "A4" },
    ]) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/letters/organisation",
        headers: admin.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await getOrg()).json()).toEqual(before);
  });
});

describe("images", () => {
  it("accepts a PNG logo by its bytes, serves it back and can remove it", async () => {
    const png = tinyPng();
    const upload = multipartFile({ filename: "logo.png", data: png, contentType: "image/png" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/letters/organisation/logo",
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().hasLogo).toBe(true);
    const back = await t.app.inject({
      method: "GET",
      url: "/api/letters/organisation/logo",
      headers: admin.auth,
    });
    expect(back.headers["content-type"]).toBe("image/png");
    // What is stored is the copy letters print: small enough already, so the same 2x2 pixels.
    expect(await sharp(back.rawPayload).metadata()).toMatchObject({ format: "png", width: 2, height: 2 });
    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/letters/organisation/logo",
      headers: admin.auth,
    });
    expect(removed.json().hasLogo).toBe(false);
  });

  it("prints the signature image on letters", async () => {
    const upload = multipartFile({ filename: "sig.png", data: tinyPng(), contentType: "image/png" });
    await t.app.inject({
      method: "POST",
      url: "/api/letters/organisation/signature",
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    });
    const { applicant, application } = await applicantWithApplication(t.app);
    const pdf = (
      await t.app.inject({
        method: "GET",
        url: `/api/applications/${application.id}/pdf`,
        headers: applicant.auth,
      })
    ).rawPayload;
    // The signature is the one image besides the QR code: two image XObjects.
    expect(pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length).toBe(2);
  });

  it("refuses a file that only claims to be an image, or a damaged one", async () => {
    for (const data of [
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      tinyPng().subarray(0, 40),
    ]) {
      const upload = multipartFile({ filename: "logo.png", data, contentType: "image/png" });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/letters/organisation/logo",
        headers: { ...admin.auth, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        /^The image (must be a PNG or JPEG file|file is damaged and cannot be read)$/,
      );
    }
    expect((await getOrg()).json().hasLogo).toBe(false);
  });

  it("accepts a small JPEG signature and prints it on letters", async () => {
    // Under 4 KB, as a signature saved at low quality often is.
    expect((await uploadImage("signature", TINY_JPEG, "signature.jpg")).statusCode).toBe(200);
    expect((await preview()).toString("latin1").match(/\/Subtype \/Image/g)?.length).toBe(2);
  });

  it("turns a phone photo upright instead of printing it on its side, and drops its EXIF", async () => {
    for (const [orientation, little, size] of [
      [6, false, [2, 4]],
      [3, true, [4, 2]],
      [8, false, [2, 4]],
      [1, false, [4, 2]],
    ] as const) {
      const res = await uploadImage("logo", jpegWithOrientation(orientation, little), "IMG_2041.jpg");
      expect(res.statusCode).toBe(200);
      const stored = await storedImage("logo");
      expect(stored.headers["content-type"]).toBe("image/jpeg");
      const meta = await sharp(stored.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual(size);
      expect([meta.exif, meta.orientation]).toEqual([undefined, undefined]);
    }
  });

  it("stores a large logo scaled to what a letter prints, so letters stay small", async () => {
    // A 3000 x 2000 photo of 1.5 MB or so: grain over shapes.
    const photo = await grainyJpeg(3000, 2000, 20, 85);
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    expect((await uploadImage("logo", photo, "logo.jpg")).statusCode).toBe(200);
    const meta = await sharp((await storedImage("logo")).rawPayload).metadata();
    // The logo's box is 150 x 56 points: 625 x 234 pixels at 300 dpi; 3:2 fits 234 high.
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 351, 234]);
    const pdf = await preview();
    expect(largestImageWidth(pdf)).toBe(351);
    expect(pdf.length).toBeLessThan(200 * 1024);
  });

  it("accepts a phone photo of several megabytes", async () => {
    const photo = await grainyJpeg(4000, 3000, 30, 80);
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    expect((await uploadImage("signature", photo, "IMG_2042.jpg")).statusCode).toBe(200);
    const meta = await sharp((await storedImage("signature")).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 192]);
  });

  it("prints a logo stored at full size by an older version from a scaled copy", async () => {
    const large = await grainyJpeg(3000, 2000, 20, 85);
    await getOrg();
    await t.app.ctx.db
      .update(organisation)
      .set({ logo: large, logoType: "image/jpeg", version: sql`${organisation.version} + 1` });
    const pdf = await preview();
    expect(largestImageWidth(pdf)).toBe(351);
    expect(pdf.length).toBeLessThan(200 * 1024);
    // The settings screen shows it as the letters print it, not the megabytes kept.
    const shown = await storedImage("logo");
    expect(shown.statusCode).toBe(200);
    const meta = await sharp(shown.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 351, 234]);
  });
});

describe("a file over the upload limit", () => {
  it("is refused with the limit in MB and the file's own size", async () => {
    const before = (await getOrg()).json();
    const res = await uploadImage("logo", Buffer.alloc(15 * 1024 * 1024, 0xff), "scan.jpg");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file must be at most 10 MB; this one is 15 MB");
    const larger = await uploadImage("logo", Buffer.alloc(10 * 1024 * 1024 + 300 * 1024), "scan.jpg");
    expect(larger.json().message).toBe("The file must be at most 10 MB; this one is 10.3 MB");
    expect((await getOrg()).json()).toEqual(before);
  });

  it("says a certificate's limit in KB, as it is not a whole number of MB", async () => {
    const upload = certificateUpload(Buffer.alloc(300 * 1024, 0x30), "secret");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/letters/certificate",
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file must be at most 256 KB; this one is 300 KB");
  });
});

describe("certificate", () => {
  it("refuses a wrong passphrase or a file that is not PKCS#12, keeping the current certificate", async () => {
    const before = (await getOrg()).json().certificate;
    const { p12 } = generateSelfSignedPkcs12("Uploaded Organisation");
    for (const [data, passphrase, message] of [
      [p12, "wrong", "The passphrase does not open this certificate file"],
      [Buffer.from("not a certificate"), "x", "The file is not a PKCS#12 (.p12/.pfx) certificate"],
    ] as const) {
      const upload = certificateUpload(data, passphrase);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/letters/certificate",
        headers: { ...admin.auth, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await getOrg()).json().certificate).toEqual(before);
  });

  it("signs the next letters with an uploaded certificate", async () => {
    const { p12, passphrase } = generateSelfSignedPkcs12("Uploaded Organisation");
    const upload = certificateUpload(p12, passphrase);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/letters/certificate",
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().certificate).toMatchObject({
      generated: false,
      subject: expect.stringContaining("Uploaded Organisation"),
    });
    if (!hasPoppler("pdfsig")) return;
    const { applicant, application } = await applicantWithApplication(t.app);
    const pdf = (
      await t.app.inject({
        method: "GET",
        url: `/api/applications/${application.id}/pdf`,
        headers: applicant.auth,
      })
    ).rawPayload;
    const report = poppler("pdfsig", pdf);
    expect(report).toContain("Signer Certificate Common Name: Uploaded Organisation");
    expect(report).toContain("Signature Validation: Signature is Valid.");
  });
});
