import type { Sharp } from "sharp";
import { badRequest } from "../lib/errors.js";
import { printPixels } from "./pdf/image-boxes.js";
import { imageKind } from "./pdf/image-kind.js";

/** The organisation's images a letter prints: its logo and the signatory's signature. */
export const ORGANISATION_IMAGES = ["logo", "signature"] as const;
export type OrganisationImage = (typeof ORGANISATION_IMAGES)[number];

/**
 * The most pixels an upload may have (a 48-megapixel phone photo has 48 million): enough for any
 * camera or export an office uses, while a small file that claims a vast image (a PNG of one
 * colour) cannot hold the server's memory and cores for long.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

const DAMAGED = "The image file is damaged and cannot be read";

/** The copy of an image that letters print, and its type. */
export interface LetterImage {
  data: Buffer;
  type: "image/png" | "image/jpeg";
}

/**
 * The copy of an uploaded logo or signature that is stored and printed: turned upright as its
 * EXIF note asks (phones save photos as the sensor saw them; a PDF has no such note), scaled down
 * to what prints sharp in its box at 300 dpi (never up), PNG kept PNG with its transparency and
 * JPEG kept JPEG, and none of the original's metadata (camera, place and time of a photo).
 * Refuses (400) a file that is not a PNG or JPEG, or does not decode.
 */
export async function letterImageFromUpload(which: OrganisationImage, bytes: Buffer): Promise<LetterImage> {
  const kind = imageKind(bytes);
  if (!kind) throw badRequest("The image must be a PNG or JPEG file");
  const sharp = (await import("sharp")).default;
  let size: { width?: number; height?: number };
  try {
    // The header only, whatever size it claims, so a vast image is refused by its size below.
    size = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(DAMAGED);
  }
  const { width = 0, height = 0 } = size;
  if (width * height > MAX_IMAGE_PIXELS) {
    const most = printPixels(which);
    throw badRequest(
      `The image is ${width} × ${height} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} million an upload may have; the letter prints it at most ${most.width} × ${most.height}. Save it smaller and upload it again.`,
    );
  }
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient();
  try {
    return { data: await encode(fitted(which, image), kind), type: `image/${kind}` };
  } catch {
    // libvips stops at the first broken row (failOn "warning"), so a cut or corrupt file is refused.
    throw badRequest(DAMAGED);
  }
}

/**
 * A stored image as letters print it. Images stored before uploads were scaled are at full size
 * (a 1.7 MB logo made every letter 1.7 MB heavier): those are scaled the same way, in memory, once
 * per organisation version; anything that cannot be read so is printed as stored.
 */
export async function letterImageFromStore(which: OrganisationImage, stored: Buffer): Promise<Buffer> {
  const kind = imageKind(stored);
  if (!kind) return stored;
  try {
    const sharp = (await import("sharp")).default;
    const { width = 0, height = 0 } = await sharp(stored).metadata();
    const most = printPixels(which);
    if (width <= most.width && height <= most.height) return stored;
    return await encode(fitted(which, sharp(stored, { limitInputPixels: MAX_IMAGE_PIXELS })), kind);
  } catch {
    return stored;
  }
}

function fitted(which: OrganisationImage, image: Sharp): Sharp {
  const { width, height } = printPixels(which);
  return image.resize({ width, height, fit: "inside", withoutEnlargement: true });
}

/** Re-encoded as its own type; sharp writes no metadata unless asked. */
function encode(image: Sharp, kind: "png" | "jpeg"): Promise<Buffer> {
  return kind === "png"
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer();
}
