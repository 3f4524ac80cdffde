import { todayUtc } from "@visa/domain";
import { eq, inArray } from "drizzle-orm";
import { applications, documents, meetingPurges } from "../db/schema.js";
import type { App } from "../lib/app-type.js";
import { buildApplication, buildMeeting } from "../test/factories.js";
import { multipartFile } from "../test/multipart.js";

/** The UTC calendar day `n` days before today, "YYYY-MM-DD". */
export function daysAgo(n: number): string {
  const [y, m, d] = todayUtc().split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) - n * 86_400_000).toISOString().slice(0, 10);
}

/** A meeting that ended `endedDaysAgo` days ago, with one application per status given. */
export async function meetingWithApplications(
  app: App,
  endedDaysAgo: number,
  statuses: ("Pending" | "Approved" | "Rejected")[],
  userId: string | null = null,
) {
  const meeting = await buildMeeting(app, {
    startDate: daysAgo(endedDaysAgo + 4),
    endDate: daysAgo(endedDaysAgo),
    isActive: false,
  });
  const apps = [];
  for (const status of statuses) {
    apps.push(await buildApplication(app, { meetingId: meeting.id, userId, over: { status } }));
  }
  return { meeting, apps };
}

/** Uploads a small PDF as the application's supporting document, the way an applicant does. */
export async function uploadDocument(app: App, applicationId: string, auth: Record<string, string>) {
  const body = multipartFile({
    filename: "passport.pdf",
    data: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(100, 1)]),
  });
  const res = await app.inject({
    method: "POST",
    url: `/api/upload/${applicationId}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode >= 300) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
}

/** How many applications and documents of these meetings remain, and how many purges were recorded. */
export async function remaining(app: App, meetingIds: string[]) {
  const apps = await app.ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(inArray(applications.meetingId, meetingIds));
  const docs = apps.length
    ? await app.ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(
          inArray(
            documents.applicationId,
            apps.map((a) => a.id),
          ),
        )
    : [];
  const purges = await app.ctx.db.select({ id: meetingPurges.id }).from(meetingPurges);
  return { applications: apps.length, documents: docs.length, purges: purges.length };
}

/** Every document of one application (to see that a purge took them with it). */
export function documentsOf(app: App, applicationId: string) {
  return app.ctx.db.select().from(documents).where(eq(documents.applicationId, applicationId));
}
