import { deflateSync } from "node:zlib";
import { JpegEmbedder, PDFContext, PDFObjectCopier, type PDFRef, type PDFStream, PngEmbedder } from "pdf-lib";
import QRCode from "qrcode";
import { imageKind } from "./image-kind.js";

/**
 * An image decoded and compressed once (logo, signature), copied into each letter as a ready
 * XObject: decoding a PNG for every letter would cost more than the rest of the letter.
 */
export class PreparedImage {
  private constructor(
    private readonly scratch: PDFContext,
    private readonly stream: PDFStream,
    readonly width: number,
    readonly height: number,
  ) {}

  /**
   * Decodes PNG or JPEG bytes; rejects anything else or a corrupt file. The bytes are copied into
   * an array of their own first: pdf-lib's JPEG reader reads `bytes.buffer` from its start,
   * ignoring the offset, and Node keeps Buffers under 4 KB (an upload's, a database value's) in a
   * shared pool at an offset, where a small JPEG would read as damaged.
   */
  static async from(bytes: Uint8Array): Promise<PreparedImage> {
    const kind = imageKind(bytes);
    if (!kind) throw new Error("not a PNG or JPEG image");
    const own = new Uint8Array(bytes);
    const scratch = PDFContext.create();
    const embedder = kind === "png" ? await PngEmbedder.for(own) : await JpegEmbedder.for(own);
    const ref = await embedder.embedIntoContext(scratch);
    const stream = scratch.lookup(ref) as PDFStream;
    return new PreparedImage(scratch, stream, embedder.width, embedder.height);
  }

  /** A copy of the image (and its soft mask) in another document. */
  embedInto(context: PDFContext): PDFRef {
    return context.register(PDFObjectCopier.for(this.scratch, context).copy(this.stream));
  }

  /** Width and height fitting inside a box, keeping the aspect ratio. */
  fit(maxWidth: number, maxHeight: number): { width: number; height: number } {
    const scale = Math.min(maxWidth / this.width, maxHeight / this.height);
    return { width: this.width * scale, height: this.height * scale };
  }
}

/**
 * The verification link as a QR code image: one pixel per module with a four-module quiet zone,
 * 1 bit per pixel, scaled up without interpolation so the modules print sharp. Built from the
 * qrcode package's module matrix directly; encoding it as PNG only for pdf-lib to decode again
 * would triple the cost of a letter.
 */
export function embedQrCode(context: PDFContext, text: string): PDFRef {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const side = modules.size + quiet * 2;
  const rowBytes = Math.ceil(side / 8);
  // DeviceGray at 1 bit: 1 is white, so start white and clear the bits of dark modules.
  const pixels = new Uint8Array(rowBytes * side).fill(0xff);
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (!modules.data[r * modules.size + c]) continue;
      const x = c + quiet;
      const y = r + quiet;
      const i = y * rowBytes + (x >> 3);
      pixels[i] = (pixels[i] ?? 0) & ~(0x80 >> (x & 7));
    }
  }
  const stream = context.stream(deflateSync(pixels), {
    Type: "XObject",
    Subtype: "Image",
    Width: side,
    Height: side,
    ColorSpace: "DeviceGray",
    BitsPerComponent: 1,
    Interpolate: false,
    Filter: "FlateDecode",
  });
  return context.register(stream);
}
