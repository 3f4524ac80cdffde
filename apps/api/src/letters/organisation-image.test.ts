import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HttpError } from "../lib/errors.js";
import { letterImageFromStore, letterImageFromUpload } from "./organisation-image.js";

const RED = { r: 220, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 220 };

/** A width × height image: its left half red, its right half blue. */
function halves(width: number, height: number) {
  const half = (background: typeof RED) =>
    sharp({ create: { width: width / 2, height, channels: 3, background } })
      .png()
      .toBuffer();
  return Promise.all([half(RED), half(BLUE)]).then(([left, right]) =>
    sharp({ create: { width, height, channels: 3, background: RED } }).composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: width / 2, top: 0 },
    ]),
  );
}

/** The colour of one pixel, as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const isRed = (p: number[]) => (p[0] ?? 0) > 180 && (p[2] ?? 0) < 60;
const isBlue = (p: number[]) => (p[2] ?? 0) > 180 && (p[0] ?? 0) < 60;

/** A PNG that declares width × height and holds no pixels: what a header costs to claim. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(8 + body.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 4 + body.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(0))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof HttpError ? `${e.statusCode} ${e.message}` : String(e)),
  );

describe("the copy of an uploaded image that letters print", () => {
  it("scales a large PNG down to the logo's box at 300 dpi, keeping it PNG and transparent", async () => {
    // 3000 × 1000, transparent but for an opaque square in the middle.
    const upload = await sharp({
      create: { width: 3000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: { create: { width: 500, height: 500, channels: 4, background: { ...BLUE, alpha: 1 } } },
          left: 1250,
          top: 250,
        },
      ])
      .png()
      .toBuffer();
    const copy = await letterImageFromUpload("logo", upload);
    expect(copy.type).toBe("image/png");
    const meta = await sharp(copy.data).metadata();
    // The logo prints at most 150 × 56 points (625 × 234 pixels at 300 dpi); 3:1 fits 625 wide.
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 625, 208, true]);
    const { data, info } = await sharp(copy.data).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(5, 5)).toBe(0);
    expect(alphaAt(312, 104)).toBe(255);
  });

  it("fits the signature's own box, and never enlarges a small image", async () => {
    const wide = await sharp({ create: { width: 4000, height: 500, channels: 3, background: RED } })
      .jpeg()
      .toBuffer();
    const signature = await sharp((await letterImageFromUpload("signature", wide)).data).metadata();
    expect([signature.width, signature.height]).toEqual([709, 89]);
    const small = await sharp({ create: { width: 120, height: 40, channels: 3, background: RED } })
      .jpeg()
      .toBuffer();
    const kept = await sharp((await letterImageFromUpload("logo", small)).data).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(["jpeg", 120, 40]);
  });

  it("turns a phone photo upright as its EXIF note asks, and keeps none of its metadata", async () => {
    // Stored as the sensor saw it (red left, blue right), with a note to turn it 90° clockwise.
    const photo = await (await halves(200, 100))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 12", Artist: "Secretariat" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString("latin1")).toContain("PhoneMaker");
    const copy = await letterImageFromUpload("logo", photo);
    expect(copy.type).toBe("image/jpeg");
    const meta = await sharp(copy.data).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect([meta.exif, meta.icc, meta.xmp, meta.iptc, meta.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(copy.data.toString("latin1")).not.toContain("PhoneMaker");
    // Turned clockwise, what was on the left is on top.
    expect(isRed(await pixel(copy.data, 50, 50))).toBe(true);
    expect(isBlue(await pixel(copy.data, 50, 150))).toBe(true);
  });

  it("refuses a file that is not a PNG or JPEG, a damaged one, and one of too many pixels", async () => {
    const jpeg = await (await halves(1200, 800)).jpeg().toBuffer();
    expect(await refusal(letterImageFromUpload("logo", Buffer.from("GIF89a....")))).toBe(
      "400 The image must be a PNG or JPEG file",
    );
    expect(await refusal(letterImageFromUpload("logo", jpeg.subarray(0, jpeg.length / 2)))).toBe(
      "400 The image file is damaged and cannot be read",
    );
    expect(await refusal(letterImageFromUpload("logo", pngHeader(20_000, 20_000)))).toBe(
      "400 The image is 20000 × 20000 pixels, more than the 100 million an upload may have; the letter prints it at most 625 × 234. Save it smaller and upload it again.",
    );
  });
});

describe("an image stored before uploads were scaled", () => {
  it("prints from a scaled copy when it is larger than its box, and as stored otherwise", async () => {
    const large = await (await halves(3000, 2000)).jpeg().toBuffer();
    const printed = await letterImageFromStore("logo", large);
    const meta = await sharp(printed).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 351, 234]);
    const fitting = await (await halves(600, 200)).png().toBuffer();
    expect(await letterImageFromStore("logo", fitting)).toBe(fitting);
  });
});
