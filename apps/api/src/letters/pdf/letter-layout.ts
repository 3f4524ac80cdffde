import { PDFDocument } from "pdf-lib";
import { Canvas, type TextStyle } from "./canvas.js";
import { IMAGE_BOXES } from "./image-boxes.js";
import { embedQrCode } from "./images.js";
import { type DetailRow, type LetterContent, PAGE_SIZES } from "./letter-content.js";

const MARGIN_X = 56;
const MARGIN_TOP = 48;
const MARGIN_BOTTOM = 48;
const BODY: TextStyle = { size: 10 };
const BODY_LEADING = 13.4;
const LABEL: TextStyle = { size: 8, gray: 0.35 };
const VALUE: TextStyle = { size: 9 };
const ROW_LEADING = 11.5;
const SMALL: TextStyle = { size: 8, gray: 0.3 };
const SMALL_LEADING = 10.5;
const QR_SIZE = 76;

/** Lays a letter out on A4 or US Letter pages; one page for a typical application. */
export async function renderLetterDocument(content: LetterContent): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Letter of invitation ${content.reference}`);
  doc.setAuthor(content.organisation.name);
  doc.setCreator(content.organisation.name);
  doc.setProducer("Visa Letter Portal");
  const layout = new LetterLayout(new Canvas(doc, PAGE_SIZES[content.paperSize]), content);
  layout.draw();
  await layout.canvas.finish();
  return doc;
}

class LetterLayout {
  private y: number;
  private readonly right: number;
  private readonly width: number;

  constructor(
    readonly canvas: Canvas,
    private readonly c: LetterContent,
  ) {
    this.right = canvas.size[0] - MARGIN_X;
    this.width = this.right - MARGIN_X;
    this.y = canvas.size[1] - MARGIN_TOP;
  }

  draw(): void {
    this.letterhead();
    this.dateAndReference();
    this.y -= 22;
    this.paragraph(this.c.addressee, { size: 10, style: "bold" });
    this.y -= 8;
    this.paragraph("Letter of Invitation", { size: 12.5, style: "bold" });
    this.y -= 6;
    for (const p of this.c.paragraphs) {
      this.paragraph(p, BODY);
      this.y -= 6;
    }
    this.y -= 6;
    this.details();
    this.y -= 14;
    this.closing();
    this.pageFooters();
  }

  private letterhead(): void {
    const { canvas, c } = this;
    const top = this.y;
    let logoHeight = 0;
    let textLeft = MARGIN_X;
    if (c.organisation.logo) {
      const { width, height } = c.organisation.logo.fit(IMAGE_BOXES.logo.width, IMAGE_BOXES.logo.height);
      canvas.image(c.organisation.logo.embedInto(canvas.doc.context), MARGIN_X, top - height, width, height);
      logoHeight = height;
      textLeft = MARGIN_X + width + 16;
    }
    const nameStyle: TextStyle = { size: 15, style: "bold" };
    const nameLines = canvas.wrap(c.organisation.name, this.right - textLeft, nameStyle);
    let y = top - 15;
    for (const line of nameLines) {
      canvas.textRight(line, this.right, y, nameStyle);
      y -= 18;
    }
    const addressStyle: TextStyle = { size: 8.5, gray: 0.35 };
    for (const line of canvas.wrap(c.organisation.address, this.right - textLeft, addressStyle)) {
      if (!line) continue;
      canvas.textRight(line, this.right, y + 4, addressStyle);
      y -= 11;
    }
    this.y = Math.min(top - logoHeight, y + 4) - 10;
    canvas.rule(MARGIN_X, this.right, this.y);
  }

  private dateAndReference(): void {
    this.y -= 18;
    const style: TextStyle = { size: 9.5 };
    this.canvas.text(`Reference: ${this.c.reference}`, MARGIN_X, this.y, style);
    this.canvas.textRight(this.c.issueDate, this.right, this.y, style);
    if (this.c.watermark) {
      this.y -= 16;
      this.canvas.text(this.c.watermark, MARGIN_X, this.y, { size: 10, style: "bold", gray: 0.45 });
    }
  }

  /** Wrapped text starting a line below the cursor, continuing on a new page when needed. */
  private paragraph(text: string, style: TextStyle, leading = BODY_LEADING): void {
    for (const line of this.canvas.wrap(text, this.width, style)) {
      this.ensure(leading);
      this.y -= leading;
      this.canvas.text(line, MARGIN_X, this.y, style);
    }
  }

  /** Applicant and visit details side by side. */
  private details(): void {
    const gap = 20;
    const columnWidth = (this.width - gap) / 2;
    const left = this.table(this.c.applicant, columnWidth);
    const right = this.table(this.c.visit, columnWidth);
    const height = 18 + Math.max(left.height, right.height);
    this.ensure(height);
    const top = this.y;
    this.canvas.text("Applicant", MARGIN_X, top - 12, { size: 10.5, style: "bold" });
    this.canvas.text("Visit", MARGIN_X + columnWidth + gap, top - 12, { size: 10.5, style: "bold" });
    this.canvas.rule(MARGIN_X, MARGIN_X + columnWidth, top - 16, 0.75, 0.4);
    this.canvas.rule(MARGIN_X + columnWidth + gap, this.right, top - 16, 0.75, 0.4);
    left.draw(MARGIN_X, top - 18);
    right.draw(MARGIN_X + columnWidth + gap, top - 18);
    this.y = top - height;
  }

  private table(rows: DetailRow[], width: number) {
    const labelWidth = 72;
    const valueWidth = width - labelWidth - 6;
    const laid = rows.map((r) => ({
      label: this.canvas.wrap(r.label, labelWidth, LABEL),
      value: this.canvas.wrap(r.value, valueWidth, VALUE),
    }));
    const heights = laid.map((r) => Math.max(r.label.length, r.value.length) * ROW_LEADING + 2);
    return {
      height: heights.reduce((a, b) => a + b, 0),
      draw: (x: number, top: number) => {
        let y = top;
        laid.forEach((r, i) => {
          r.label.forEach((line, k) => {
            this.canvas.text(line, x, y - 10 - k * ROW_LEADING, LABEL);
          });
          r.value.forEach((line, k) => {
            this.canvas.text(line, x + labelWidth + 6, y - 10 - k * ROW_LEADING, VALUE);
          });
          y -= heights[i] ?? ROW_LEADING;
        });
      },
    };
  }

  /**
   * Signatory on the left; on the right the QR code with the verification text beside it and the
   * verification address under both, kept together.
   */
  private closing(): void {
    const { canvas, c } = this;
    const qrLeft = this.right - QR_SIZE;
    const textRight = qrLeft - 8;
    const textWidth = 200;
    const verifyLines = [
      `Reference ${c.reference}`,
      ...canvas.wrap(`Digitally signed by ${c.organisation.name}`, textWidth, SMALL),
      "Scan the code or open:",
    ];
    // The address also takes the width under the code, so an ordinary one prints on one line (a
    // reader links a wrapped address only up to the line break, so every line carries the link).
    const addressLines = canvas.wrap(c.verifyUrl, this.right - (textRight - textWidth), SMALL);
    // The text beside the code ends just above the address, which starts under the code.
    const addressDrop = Math.max(12 + (verifyLines.length + 1) * SMALL_LEADING, QR_SIZE + 9);
    const rightHeight = addressDrop + (addressLines.length - 1) * SMALL_LEADING + 3;
    const signature = c.organisation.signature?.fit(
      IMAGE_BOXES.signature.width,
      IMAGE_BOXES.signature.height,
    );
    const leftHeight = 14 + (signature ? signature.height + 6 : 30) + 13 * 4;
    this.ensure(Math.max(leftHeight, rightHeight));
    const top = this.y;
    let y = top - 10;
    canvas.text("Sincerely,", MARGIN_X, y, BODY);
    if (signature && c.organisation.signature) {
      const ref = c.organisation.signature.embedInto(canvas.doc.context);
      canvas.image(ref, MARGIN_X, y - 6 - signature.height, signature.width, signature.height);
      y -= signature.height + 6;
    } else {
      y -= 30;
    }
    // The signatory block keeps clear of the verification text and address on its right.
    const signatoryWidth = textRight - textWidth - 16 - MARGIN_X;
    const signatory: { text: string; style: TextStyle }[] = [
      { text: c.organisation.signatoryName, style: { size: 10, style: "bold" } },
      { text: c.organisation.signatoryTitle, style: { size: 9.5 } },
      { text: c.organisation.name, style: { size: 9.5 } },
    ];
    for (const { text, style } of signatory) {
      for (const line of text ? canvas.wrap(text, signatoryWidth, style) : []) {
        y -= 13;
        canvas.text(line, MARGIN_X, y, style);
      }
    }

    canvas.image(embedQrCode(canvas.doc.context, c.verifyUrl), qrLeft, top - QR_SIZE, QR_SIZE, QR_SIZE);
    let ty = top - addressDrop + (verifyLines.length + 1) * SMALL_LEADING;
    canvas.textRight("Verify this letter", textRight, ty, { size: 9, style: "bold" });
    for (const line of verifyLines) {
      ty -= SMALL_LEADING;
      canvas.textRight(line, textRight, ty, SMALL);
    }
    for (const line of addressLines) {
      ty -= SMALL_LEADING;
      const x = canvas.textRight(line, this.right, ty, SMALL);
      canvas.link(c.verifyUrl, line, x, ty, SMALL);
    }
    this.y = Math.min(y, ty - 3);
  }

  /** Reference and page number at the foot of every page of a letter longer than one page. */
  private pageFooters(): void {
    const pages = this.canvas.doc.getPages();
    if (pages.length < 2) return;
    pages.forEach((page, i) => {
      this.canvas.page = page;
      this.canvas.textRight(`${this.c.reference} · page ${i + 1} of ${pages.length}`, this.right, 28, SMALL);
    });
  }

  private ensure(height: number): void {
    if (this.y - height >= MARGIN_BOTTOM) return;
    this.canvas.addPage();
    this.y = this.canvas.size[1] - MARGIN_TOP;
  }
}
