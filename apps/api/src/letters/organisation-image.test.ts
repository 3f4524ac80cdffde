import { describe, expect, it } from "vitest";
import { jpegOrientation } from "./organisation-image.js";

/** SOI, then one APP1 segment of `payload` declaring `length` (its own two bytes included). */
const jpegWithApp1 = (payload: number[], length = payload.length + 2) =>
  Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...payload]);

const EXIF = [0x45, 0x78, 0x69, 0x66, 0, 0];

describe("a JPEG's orientation note", () => {
  it("reads the EXIF orientation tag, little- and big-endian", () => {
    // II, 42, IFD at 8; one entry: tag 0x0112 (short), count 1, value 6.
    const little = [...EXIF, 0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0];
    expect(jpegOrientation(jpegWithApp1(little))).toBe(6);
    const big = [...EXIF, 0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0];
    expect(jpegOrientation(jpegWithApp1(big))).toBe(8);
  });

  it("reads an unreadable note as none instead of failing the upload", () => {
    // The IFD offset points far past the segment and the file.
    const pastTheEnd = [...EXIF, 0x49, 0x49, 42, 0, 0xff, 0xff, 0, 0];
    expect(jpegOrientation(jpegWithApp1(pastTheEnd))).toBe(1);
    // A header that ends inside the segment it announces.
    expect(jpegOrientation(jpegWithApp1([...EXIF, 0x49, 0x49], 400))).toBe(1);
    // "Exif" and nothing after it: no byte order to read.
    expect(jpegOrientation(jpegWithApp1(EXIF))).toBe(1);
    // A byte order and no offset of the first IFD.
    expect(jpegOrientation(jpegWithApp1([...EXIF, 0x49, 0x49, 42, 0]))).toBe(1);
  });
});
