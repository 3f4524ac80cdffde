import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { and, asc, eq } from "drizzle-orm";
import { ZipFile } from "yazl";
import type { AppContext } from "../context.js";
import { applications, meetings } from "../db/schema.js";
import { notFound } from "../lib/errors.js";
import { type DownloadNames, downloadNames } from "./letter-filename.js";
import { loadApplication, renderApplicationLetter } from "./letter-pdf.service.js";

export interface LettersZip extends DownloadNames {
  stream: Readable;
}

/** "name.pdf", then "name (2).pdf" for a second applicant with the same name. */
function uniqueNames() {
  const seen = new Map<string, number>();
  return (name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : name.replace(/\.pdf$/, ` (${n}).pdf`);
  };
}

/**
 * Every approved letter of a meeting as one ZIP, streamed: each letter is rendered only when the
 * previous one has been taken by the client, so memory stays flat for a meeting of any size.
 */
export async function meetingLettersZip(
  ctx: AppContext,
  meetingId: string,
  onError: (err: unknown) => void,
): Promise<LettersZip> {
  const [meeting] = await ctx.db.select().from(meetings).where(eq(meetings.id, meetingId));
  if (!meeting) throw notFound("Meeting not found");
  const approved = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.meetingId, meetingId), eq(applications.status, "Approved")))
    .orderBy(asc(applications.lastName), asc(applications.firstName), asc(applications.id));
  if (approved.length === 0) throw notFound("This meeting has no approved applications");

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let current: PassThrough | null = null;
  let closed = false;
  output.once("close", () => {
    closed = true;
    current?.destroy();
  });
  const entryName = uniqueNames();
  (async () => {
    for (const { id } of approved) {
      if (closed) return;
      // Re-read each one: an application changed since the list was taken must not slip in.
      const row = await loadApplication(ctx, id);
      if (row?.application.status !== "Approved") continue;
      const letter = await renderApplicationLetter(ctx, row);
      if (!letter) continue;
      current = new PassThrough();
      zip.addReadStream(current, entryName(letter.filename), { compress: false, size: letter.pdf.length });
      current.end(letter.pdf);
      await finished(current);
    }
    zip.end();
  })().catch((err) => {
    if (closed) return;
    onError(err);
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return { stream: output, ...downloadNames("visa-letters", [meeting.name], "zip") };
}
