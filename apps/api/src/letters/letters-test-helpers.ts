import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFString } from "pdf-lib";
import { expect } from "vitest";
import { applications } from "../db/schema.js";
import type { App } from "../lib/app-type.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";

/** Whether poppler's tool is installed; CI installs poppler-utils, so there it must be. */
export function hasPoppler(tool: "pdftotext" | "pdfsig" | "pdfinfo"): boolean {
  const found = existsSync(`/usr/bin/${tool}`) || spawnSync("which", [tool]).status === 0;
  if (!found && process.env.CI === "true") throw new Error(`${tool} is required in CI (poppler-utils)`);
  return found;
}

/** Runs a poppler tool on the PDF (written to a temporary file) and returns its output. */
export function poppler(tool: "pdftotext" | "pdfsig" | "pdfinfo", pdf: Buffer, args: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), "letter-"));
  try {
    const file = join(dir, "letter.pdf");
    writeFileSync(file, pdf);
    const out = spawnSync(tool, tool === "pdftotext" ? [...args, file, "-"] : [...args, file], {
      encoding: "utf8",
    });
    return `${out.stdout}${out.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text as pdftotext extracts it (what a reader copies out of the letter). */
export function pdfText(pdf: Buffer): string {
  return poppler("pdftotext", pdf, ["-enc", "UTF-8"]);
}

/** A box on a page in PDF units, origin at the bottom left. */
export interface PageBox {
  page: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The link annotations of a PDF, as pdf-lib reads them: where they are and what they open. */
export async function linkAnnotations(
  pdf: Buffer,
): Promise<(PageBox & { uri?: string; flags: number; border?: number[] })[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getPages().flatMap((page, index) => {
    const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray)?.asArray() ?? [];
    return annots
      .map((ref) => doc.context.lookup(ref, PDFDict))
      .filter((a) => a.get(PDFName.of("Subtype")) === PDFName.of("Link"))
      .map((a) => {
        const [x1, y1, x2, y2] = a
          .lookup(PDFName.of("Rect"), PDFArray)
          .asArray()
          .map((n) => (n as PDFNumber).asNumber());
        const action = a.lookupMaybe(PDFName.of("A"), PDFDict);
        const isUri = action?.get(PDFName.of("S")) === PDFName.of("URI");
        return {
          page: index,
          x1: x1 ?? 0,
          y1: y1 ?? 0,
          x2: x2 ?? 0,
          y2: y2 ?? 0,
          uri: isUri ? action?.lookup(PDFName.of("URI"), PDFString).decodeText() : undefined,
          flags: a.lookupMaybe(PDFName.of("F"), PDFNumber)?.asNumber() ?? 0,
          border: a
            .lookupMaybe(PDFName.of("Border"), PDFArray)
            ?.asArray()
            .map((n) => (n as PDFNumber).asNumber()),
        };
      });
  });
}

/** Every word of the PDF with its box, as pdftotext places it (turned to PDF units). */
export function printedWords(pdf: Buffer): (PageBox & { text: string })[] {
  const xml = poppler("pdftotext", pdf, ["-bbox", "-enc", "UTF-8"]);
  const fromXml = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  const words: (PageBox & { text: string })[] = [];
  xml
    .split(/<page /)
    .slice(1)
    .forEach((page, index) => {
      const height = Number(/height="([\d.]+)"/.exec(page)?.[1]);
      for (const m of page.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      )) {
        const [x1, top, x2, bottom] = m.slice(1, 5).map(Number) as [number, number, number, number];
        words.push({
          page: index,
          x1,
          y1: height - bottom,
          x2,
          y2: height - top,
          text: fromXml(m[5] ?? ""),
        });
      }
    });
  return words;
}

/** Whether `inner` lies within `outer` (on the same page), give or take half a point. */
export function within(inner: PageBox, outer: PageBox): boolean {
  const slack = 0.5;
  return (
    inner.page === outer.page &&
    inner.x1 >= outer.x1 - slack &&
    inner.x2 <= outer.x2 + slack &&
    inner.y1 >= outer.y1 - slack &&
    inner.y2 <= outer.y2 + slack
  );
}

/** The entries of a ZIP file (stored or deflated), read from its central directory. */
export function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("not a ZIP file");
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** An admin, an applicant, a meeting and the applicant's application with the given status. */
export async function applicantWithApplication(
  app: App,
  opts: {
    status?: "Pending" | "Approved" | "Rejected";
    over?: Partial<typeof applications.$inferInsert>;
  } = {},
) {
  const admin = await buildUser(app, { isAdmin: true });
  const applicant = await buildUser(app);
  const meeting = await buildMeeting(app, {
    name: `Plenary ${Math.random().toString(36).slice(2, 8)}`,
    location: "Orlando, FL",
    startDate: "2030-03-02",
    endDate: "2030-03-07",
  });
  const application = await buildApplication(app, {
    meetingId: meeting.id,
    userId: applicant.user.id,
    over: { status: opts.status ?? "Approved", ...opts.over },
  });
  return { admin, applicant, meeting, application };
}

/** Sets a status directly in the database (no event), as a fixture. */
export async function setStatus(app: App, id: string, status: "Pending" | "Approved" | "Rejected") {
  await app.ctx.db.update(applications).set({ status }).where(eq(applications.id, id));
}

/** Downloads the application's letter and reads its reference from the signature's reason. */
export async function letterReference(app: App, id: string, auth: Record<string, string>): Promise<string> {
  const res = await app.inject({ method: "GET", url: `/api/applications/${id}/pdf`, headers: auth });
  expect(res.statusCode).toBe(200);
  // pdf-lib writes the signature's reason as a literal string, which holds the reference.
  const reference = /Letter of invitation (VL(?:-[0-9A-Z]{4}){4})/.exec(
    res.rawPayload.toString("latin1"),
  )?.[1];
  if (!reference) throw new Error("no reference in the PDF");
  return reference;
}
