import { readFileSync } from "node:fs";
import { letterFontFiles } from "./letter-font-files.js";

/**
 * The code points a TrueType font draws, read from its `cmap` table: the Windows full-repertoire
 * subtable (format 12) when there is one, else the Unicode BMP one (format 4). Only the cmap is
 * read: parsing the face with fontkit first loads fontkit itself, 0.3 to 1 s of one thread,
 * where this takes some 20 ms once (see `font-coverage.test.ts`, which holds it to fontkit's
 * answer for every code point).
 */
export function cmapCodePoints(font: Buffer): Set<number> {
  const numTables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    if (font.toString("latin1", record, record + 4) === "cmap") cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error("the font has no cmap table");
  const subtables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const offset = cmap + font.readUInt32BE(record + 4);
    subtables.set(
      `${font.readUInt16BE(record)}/${font.readUInt16BE(record + 2)}/${font.readUInt16BE(offset)}`,
      offset,
    );
  }
  const full = subtables.get("3/10/12") ?? subtables.get("0/4/12");
  if (full !== undefined) return format12(font, full);
  const bmp = subtables.get("3/1/4") ?? subtables.get("0/3/4");
  if (bmp !== undefined) return format4(font, bmp);
  throw new Error("the font has no Unicode cmap subtable");
}

function format12(font: Buffer, at: number): Set<number> {
  const codePoints = new Set<number>();
  const groups = font.readUInt32BE(at + 12);
  for (let i = 0; i < groups; i++) {
    const group = at + 16 + i * 12;
    const start = font.readUInt32BE(group);
    const end = font.readUInt32BE(group + 4);
    const glyph = font.readUInt32BE(group + 8);
    for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) codePoints.add(c);
  }
  return codePoints;
}

function format4(font: Buffer, at: number): Set<number> {
  const codePoints = new Set<number>();
  const segments = font.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const start = font.readUInt16BE(starts + s * 2);
    const end = font.readUInt16BE(ends + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const raw = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) codePoints.add(c);
    }
  }
  return codePoints;
}

let printable: Set<number> | undefined;

/** The code points both letter faces (regular and bold) draw; read on first use, then kept. */
export function letterCodePoints(): ReadonlySet<number> {
  if (!printable) {
    const files = letterFontFiles();
    const bold = cmapCodePoints(readFileSync(files.bold));
    printable = new Set([...cmapCodePoints(readFileSync(files.regular))].filter((c) => bold.has(c)));
  }
  return printable;
}
