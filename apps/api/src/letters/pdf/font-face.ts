import { readFileSync } from "node:fs";
import fontkit, { type Font, type Glyph } from "@pdf-lib/fontkit";
import { letterFontFiles } from "./letter-font-files.js";

/**
 * A TrueType face parsed once per process. Letters print Latin, Greek, Cyrillic and Vietnamese
 * text, which needs no shaping once normalised to NFC, so glyphs come straight from the cmap:
 * fontkit's full layout engine costs about a millisecond per line.
 */
export class FontFace {
  readonly font: Font;
  private readonly glyphs = new Map<number, Glyph>();
  private readonly scale: number;

  constructor(readonly bytes: Uint8Array) {
    this.font = fontkit.create(bytes);
    this.scale = 1 / this.font.unitsPerEm;
  }

  /** The glyph printing a code point (.notdef when the face has none). */
  glyph(codePoint: number): Glyph {
    let g = this.glyphs.get(codePoint);
    if (!g) {
      g = this.font.glyphForCodePoint(codePoint);
      this.glyphs.set(codePoint, g);
    }
    return g;
  }

  /** Width of `text` (already NFC) at `size` points. */
  widthOf(text: string, size: number): number {
    let units = 0;
    for (const ch of text) units += this.glyph(ch.codePointAt(0) ?? 32).advanceWidth;
    return units * this.scale * size;
  }

  /** Glyph advance in PDF text space units (1/1000 of the font size). */
  advance(glyph: Glyph): number {
    return Math.round(glyph.advanceWidth * this.scale * 1000);
  }

  /** Font metrics in PDF text space units. */
  metric(value: number): number {
    return Math.round(value * this.scale * 1000);
  }

  /** Whether every character of `text` has a glyph of its own. */
  covers(text: string): boolean {
    for (const ch of text) if (this.glyph(ch.codePointAt(0) ?? 32).id === 0) return false;
    return true;
  }
}

export interface LetterFaces {
  regular: FontFace;
  bold: FontFace;
}

let faces: LetterFaces | undefined;

/** DejaVu Sans regular and bold, from the dejavu-fonts-ttf package, read and parsed once. */
export function letterFaces(): LetterFaces {
  if (!faces) {
    const files = letterFontFiles();
    faces = {
      regular: new FontFace(readFileSync(files.regular)),
      bold: new FontFace(readFileSync(files.bold)),
    };
  }
  return faces;
}
