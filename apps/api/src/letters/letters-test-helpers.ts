import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { eq } from "drizzle-orm";
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
