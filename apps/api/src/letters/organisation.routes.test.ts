import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
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
    expect(back.rawPayload.equals(png)).toBe(true);
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
    }
    expect((await getOrg()).json().hasLogo).toBe(false);
  });

  it("accepts a small JPEG signature and prints it on letters", async () => {
    // Under 4 KB, as a signature saved at low quality often is.
    expect((await uploadImage("signature", TINY_JPEG, "signature.jpg")).statusCode).toBe(200);
    const preview = await t.app.inject({
      method: "POST",
      url: "/api/letters/preview",
      headers: admin.auth,
      payload: { addressee: "To whom it may concern", body: "Dear {{fullName}}" },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.toString("latin1").match(/\/Subtype \/Image/g)?.length).toBe(2);
  });

  it("refuses a phone photo saved turned, which a letter would print on its side", async () => {
    for (const [orientation, little] of [
      [6, false],
      [3, true],
      [8, false],
    ] as const) {
      const res = await uploadImage("logo", jpegWithOrientation(orientation, little), "IMG_2041.jpg");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/print it on its side.*Rotate it/);
    }
    expect((await getOrg()).json().hasLogo).toBe(false);

    // Upright photos and JPEGs without EXIF print as they are.
    for (const data of [jpegWithOrientation(1), jpegWithOrientation(1, true), TINY_JPEG]) {
      expect((await uploadImage("logo", data, "logo.jpg")).statusCode).toBe(200);
    }
    expect((await getOrg()).json().hasLogo).toBe(true);
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
