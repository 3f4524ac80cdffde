/**
 * The EXIF orientation of a JPEG (1 to 8), or 1 when it has none. Phones store a photo as the
 * sensor saw it and note in EXIF how to turn it; browsers and viewers turn it, but a PDF has no
 * such note and prints the pixels as stored.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  try {
    return readOrientation(bytes);
  } catch {
    // A segment whose lengths point past the file (RangeError): its note is unreadable, and the
    // decoding of the image itself says whether the file is damaged.
    return 1;
  }
}

function readOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2; // after SOI
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    // Start of scan or end of image: the metadata segments come before.
    if (marker === 0xda || marker === 0xd9) break;
    const length = view.getUint16(at + 2);
    if (marker === 0xe1 && length >= 8) {
      const found = exifOrientation(view, at + 4, at + 2 + length);
      if (found !== null) return found;
    }
    at += 2 + length;
  }
  return 1;
}

/** The orientation tag of an APP1 segment's payload [start, end), or null when it is not EXIF. */
function exifOrientation(view: DataView, start: number, end: number): number | null {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0];
  if (end > view.byteLength || exif.some((b, i) => view.getUint8(start + i) !== b)) return null;
  const tiff = start + 6;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return null;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return null;
}

/** Why an image that decodes would still print wrongly, or null. */
export function printedImageProblem(kind: "png" | "jpeg", bytes: Uint8Array): string | null {
  if (kind === "jpeg" && jpegOrientation(bytes) !== 1) {
    return "This photo is saved turned, with a note asking viewers to rotate it (as phones save photos); the letter would print it on its side. Rotate it in an image editor and save it again (or export it as PNG), then upload that file.";
  }
  return null;
}
