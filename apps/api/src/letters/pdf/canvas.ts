import { deflateSync } from "node:zlib";
import {
  beginText,
  concatTransformationMatrix,
  drawObject,
  endText,
  lineTo,
  moveText,
  moveTo,
  type PDFDocument,
  PDFName,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  setFillingGrayscaleColor,
  setFontAndSize,
  setLineWidth,
  setStrokingGrayscaleColor,
  showText,
  stroke,
} from "pdf-lib";
import { DocumentFont } from "./document-font.js";
import { type FontFace, letterFaces } from "./font-face.js";

export type FontStyle = "regular" | "bold";

export interface TextStyle {
  style?: FontStyle;
  size: number;
  /** 0 is black, 1 white. */
  gray?: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must never reach the PDF
const UNPRINTABLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\uFEFF]/g;

/** Text as it is printed: NFC (so accents use precomposed glyphs), tabs as spaces, no controls. */
export function printable(text: string): string {
  return text.normalize("NFC").replace(/\t/g, " ").replace(UNPRINTABLE, "");
}

/**
 * A link's address as a PDF literal string: 7-bit ASCII as the standard asks (an international
 * host in its xn-- form, other characters percent-encoded) with its parentheses and backslashes
 * escaped.
 */
function pdfUri(uri: string): string {
  const ascii = /[^\x21-\x7E]/.test(uri) ? new URL(uri).href : uri;
  return ascii.replace(/[\\()]/g, "\\$&");
}

/** Draws text, images and rules on the pages of one document with the letter's two faces. */
export class Canvas {
  private readonly faces = letterFaces();
  private readonly fonts: Record<FontStyle, DocumentFont>;
  private readonly fontNames = new Map<PDFPage, Record<FontStyle, PDFName>>();
  // Operators per page, written and deflated (with zlib) once in finish(): pdf-lib's own content
  // streams deflate with a JavaScript zlib that costs more than the rest of the page.
  private readonly operators = new Map<PDFPage, PDFOperator[]>();
  page: PDFPage;

  constructor(
    readonly doc: PDFDocument,
    readonly size: [number, number],
  ) {
    this.fonts = {
      regular: new DocumentFont(doc.context, this.faces.regular, true),
      // Bold prints headings and the organisation's name: the same few glyphs on every letter.
      bold: new DocumentFont(doc.context, this.faces.bold, false),
    };
    this.page = this.addPage();
  }

  addPage(): PDFPage {
    this.page = this.doc.addPage(this.size);
    this.operators.set(this.page, []);
    return this.page;
  }

  private push(...ops: PDFOperator[]): void {
    this.operators.get(this.page)?.push(...ops);
  }

  face(style: FontStyle = "regular"): FontFace {
    return this.faces[style];
  }

  widthOf(text: string, { style, size }: TextStyle): number {
    return this.face(style).widthOf(printable(text), size);
  }

  /** Draws one line of text with its baseline at y. */
  text(text: string, x: number, y: number, { style = "regular", size, gray = 0 }: TextStyle): void {
    const line = printable(text);
    if (!line) return;
    this.push(
      setFillingGrayscaleColor(gray),
      beginText(),
      setFontAndSize(this.fontName(style), size),
      moveText(x, y),
      showText(this.fonts[style].encode(line)),
      endText(),
    );
  }

  /** Draws one line of text ending at `right`; returns where it starts. */
  textRight(text: string, right: number, y: number, style: TextStyle): number {
    const x = right - this.widthOf(text, style);
    this.text(text, x, y, style);
    return x;
  }

  /**
   * Makes one printed line (drawn at x with its baseline at y) open `uri` when clicked: a link
   * annotation over the line's box, printed with the page (flag 4) and without a border. A link
   * printed over several lines gets one per line, each with the whole address.
   */
  link(uri: string, text: string, x: number, y: number, style: TextStyle): void {
    const { font } = this.face(style.style);
    const em = style.size / font.unitsPerEm;
    const context = this.doc.context;
    const annotation = context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [x, y + font.descent * em, x + this.widthOf(text, style), y + font.ascent * em],
      Border: [0, 0, 0],
      F: 4,
      A: { S: "URI", URI: PDFString.of(pdfUri(uri)) },
    });
    this.page.node.addAnnot(context.register(annotation));
  }

  /** Breaks text into lines no wider than `width`; newlines in the text are kept. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const face = this.face(style.style);
    const measure = (s: string) => face.widthOf(s, style.size);
    const space = measure(" ");
    const lines: string[] = [];
    for (const paragraph of printable(text).split(/\r\n|\r|\n/)) {
      let line = "";
      let lineWidth = 0;
      for (const word of paragraph.split(/ +/)) {
        const w = measure(word);
        if (line && lineWidth + space + w <= width) {
          line += ` ${word}`;
          lineWidth += space + w;
          continue;
        }
        if (!line && w <= width) {
          line = word;
          lineWidth = w;
          continue;
        }
        if (line) lines.push(line);
        // A word wider than the line (a long e-mail or link) is cut where it must be.
        let rest = word;
        while (measure(rest) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
          // Prefer to break a link after a slash, else after a hyphen, as a reader would.
          const slash = rest.lastIndexOf("/", cut - 1) + 1;
          const hyphen = rest.lastIndexOf("-", cut - 1) + 1;
          if (slash > cut / 2) cut = slash;
          else if (hyphen > cut / 2) cut = hyphen;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
        lineWidth = measure(rest);
      }
      lines.push(line);
    }
    return lines;
  }

  /** Places an image XObject of this document with its lower-left corner at (x, y). */
  image(ref: PDFRef, x: number, y: number, width: number, height: number): void {
    const name = this.page.node.newXObject("Im", ref);
    this.push(
      pushGraphicsState(),
      concatTransformationMatrix(width, 0, 0, height, x, y),
      drawObject(name),
      popGraphicsState(),
    );
  }

  /** A horizontal rule. */
  rule(x1: number, x2: number, y: number, gray = 0.6, thickness = 0.6): void {
    this.push(
      pushGraphicsState(),
      setStrokingGrayscaleColor(gray),
      setLineWidth(thickness),
      moveTo(x1, y),
      lineTo(x2, y),
      stroke(),
      popGraphicsState(),
    );
  }

  /** Writes the fonts; call once, after the last text is drawn. */
  async finish(): Promise<void> {
    const context = this.doc.context;
    for (const [page, ops] of this.operators) {
      const bytes = deflateSync(Buffer.from(ops.join("\n"), "latin1"));
      page.node.set(
        PDFName.of("Contents"),
        context.register(context.stream(bytes, { Filter: "FlateDecode" })),
      );
    }
    await this.fonts.regular.embed();
    await this.fonts.bold.embed();
  }

  private fontName(style: FontStyle): PDFName {
    let names = this.fontNames.get(this.page);
    if (!names) {
      names = {
        regular: this.page.node.newFontDictionary("F", this.fonts.regular.ref),
        bold: this.page.node.newFontDictionary("F", this.fonts.bold.ref),
      };
      this.fontNames.set(this.page, names);
    }
    return names[style];
  }
}
