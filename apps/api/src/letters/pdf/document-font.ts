import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import type { Subset } from "@pdf-lib/fontkit";
import { type PDFContext, PDFHexString, type PDFRef, PDFString } from "pdf-lib";
import type { FontFace } from "./font-face.js";

/**
 * Deflated subset fonts by face and glyph sequence: most letters repeat the same glyph sets.
 * A body font preloads all of printable ASCII in a fixed order, so letters differing only in
 * ASCII text share one subset and only other letters (accents, other scripts) make a new one.
 */
const subsetCache = new Map<string, { deflated: Buffer; length: number }>();
const SUBSET_CACHE_SIZE = 200;
const PRINTABLE_ASCII = String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 32 + i));

/**
 * One font of one document: text is encoded as glyph ids of a subset that grows as text is
 * drawn, and `embed` writes the subset (TrueType, deflated), its widths and a ToUnicode map
 * so the text can be searched and copied.
 */
export class DocumentFont {
  readonly ref: PDFRef;
  private readonly subset: Subset;
  /** Per subset glyph id: the code points it prints and its advance. */
  private readonly used: { codePoints: number[]; advance: number }[] = [];
  private readonly originalIds: number[] = [];

  constructor(
    private readonly context: PDFContext,
    private readonly face: FontFace,
    preloadAscii: boolean,
  ) {
    this.ref = context.nextRef();
    this.subset = face.font.createSubset();
    // Subset glyph 0 is always .notdef.
    this.used[0] = { codePoints: [], advance: face.advance(face.font.getGlyph(0)) };
    if (preloadAscii) this.encode(PRINTABLE_ASCII);
  }

  /** `text` (NFC) as a hex string of subset glyph ids. */
  encode(text: string): PDFHexString {
    let hex = "";
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 32;
      const glyph = this.face.glyph(cp);
      const id = this.subset.includeGlyph(glyph);
      if (!this.used[id]) {
        this.used[id] = { codePoints: [cp], advance: this.face.advance(glyph) };
        this.originalIds.push(glyph.id);
      }
      hex += id.toString(16).padStart(4, "0");
    }
    return PDFHexString.of(hex);
  }

  /** Writes the font and its descendants into the document under `ref`. */
  async embed(): Promise<void> {
    const key = `${this.face.font.postscriptName}:${this.originalIds.join(",")}`;
    let fontFile = subsetCache.get(key);
    if (!fontFile) {
      const raw = await encodeSubset(this.subset);
      fontFile = { deflated: deflateSync(raw), length: raw.length };
      if (subsetCache.size >= SUBSET_CACHE_SIZE) {
        const oldest = subsetCache.keys().next().value;
        if (oldest !== undefined) subsetCache.delete(oldest);
      }
      subsetCache.set(key, fontFile);
    }
    const ctx = this.context;
    const f = this.face.font;
    // A subset's name starts with a six-letter tag derived from its glyphs (PDF 32000 9.6.4).
    const tag = createHash("sha256")
      .update(key)
      .digest()
      .subarray(0, 6)
      .reduce((s, b) => s + String.fromCharCode(65 + (b % 26)), "");
    const baseFont = `${tag}+${f.postscriptName ?? "Font"}`;
    const fontFileRef = ctx.register(
      ctx.stream(fontFile.deflated, { Filter: "FlateDecode", Length1: fontFile.length }),
    );
    const descriptor = ctx.register(
      ctx.obj({
        Type: "FontDescriptor",
        FontName: baseFont,
        Flags: 4,
        FontBBox: [f.bbox.minX, f.bbox.minY, f.bbox.maxX, f.bbox.maxY].map((v) => this.face.metric(v)),
        ItalicAngle: f.italicAngle,
        Ascent: this.face.metric(f.ascent),
        Descent: this.face.metric(f.descent),
        CapHeight: this.face.metric(f.capHeight || f.ascent),
        XHeight: this.face.metric(f.xHeight || 0),
        StemV: 80,
        FontFile2: fontFileRef,
      }),
    );
    const cidFont = ctx.register(
      ctx.obj({
        Type: "Font",
        Subtype: "CIDFontType2",
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
        FontDescriptor: descriptor,
        CIDToGIDMap: "Identity",
        W: [0, this.used.map((u) => u.advance)],
      }),
    );
    const cmap = deflateSync(Buffer.from(this.toUnicodeCMap(), "latin1"));
    const toUnicode = ctx.register(ctx.stream(cmap, { Filter: "FlateDecode" }));
    ctx.assign(
      this.ref,
      ctx.obj({
        Type: "Font",
        Subtype: "Type0",
        BaseFont: baseFont,
        Encoding: "Identity-H",
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }

  private toUnicodeCMap(): string {
    const entries: string[] = [];
    this.used.forEach((u, id) => {
      if (id === 0 || u.codePoints.length === 0) return;
      entries.push(`<${hex4(id)}> <${u.codePoints.map(utf16Hex).join("")}>`);
    });
    const blocks: string[] = [];
    for (let i = 0; i < entries.length; i += 100) {
      const chunk = entries.slice(i, i + 100);
      blocks.push(`${chunk.length} beginbfchar\n${chunk.join("\n")}\nendbfchar`);
    }
    return [
      "/CIDInit /ProcSet findresource begin",
      "12 dict begin",
      "begincmap",
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
      "/CMapName /Adobe-Identity-UCS def",
      "/CMapType 2 def",
      "1 begincodespacerange",
      "<0000><ffff>",
      "endcodespacerange",
      ...blocks,
      "endcmap",
      "CMapName currentdict /CMap defineresource pop",
      "end",
      "end",
    ].join("\n");
  }
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, "0");
}

function utf16Hex(cp: number): string {
  if (cp < 0x10000) return hex4(cp);
  const v = cp - 0x10000;
  return hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
}

function encodeSubset(subset: Subset): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const stream = subset.encodeStream() as unknown as NodeJS.ReadableStream;
    stream.on("data", (d: Uint8Array) => parts.push(d));
    stream.on("end", () => resolve(Buffer.concat(parts)));
    stream.on("error", reject);
  });
}
