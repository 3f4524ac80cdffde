import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.js";
import { applicationHistory, letters } from "../db/schema.js";
import { workSettled } from "../notifications/background-work.js";
import { buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, MemoryMailer, type TestApp } from "../test/test-app.js";
import { letterAssets } from "./letter-assets.js";
import { currentLetter } from "./letter-issue.service.js";
import { loadApplication } from "./letter-pdf.service.js";

let served: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await served?.close();
  served = undefined;
});

/** Counts the letters the organisation's certificate signs from now on (the signing still runs). */
async function countSignings(t: TestApp) {
  const { signer } = await letterAssets(t.app.ctx);
  return vi.spyOn(signer, "sign");
}

async function applicationOf(t: TestApp, status: "Pending" | "Approved") {
  const meeting = await buildMeeting(t.app);
  const owner = await buildUser(t.app);
  const application = await buildApplication(t.app, {
    meetingId: meeting.id,
    userId: owner.user.id,
    over: { email: owner.user.email, status },
  });
  return { application, owner };
}

describe("an approved application's letter", () => {
  it("is signed once when the approval's listener and the mail worker both reach for it", async () => {
    served = await createTestApp();
    const t = served;
    const admin = await buildUser(t.app, { isAdmin: true });
    const { application, owner } = await applicationOf(t, "Pending");
    const signings = await countSignings(t);
    // The worker runs as in production: the approval's mail, once queued, is taken at once.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${application.id}`,
      headers: admin.auth,
      payload: { status: "Approved" },
    });
    expect(res.statusCode).toBe(200);
    const mailed = () => t.mailer.sent.find((m) => m.to === owner.user.email && m.attachments?.length);
    const deadline = Date.now() + 30_000;
    while (!mailed() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await workSettled(t.app.ctx);

    expect(signings).toHaveBeenCalledTimes(1);
    const rows = await t.app.ctx.db.select().from(letters).where(eq(letters.applicationId, application.id));
    expect(rows).toHaveLength(1);
    const issued = await t.app.ctx.db
      .select()
      .from(applicationHistory)
      .where(eq(applicationHistory.applicationId, application.id));
    expect(issued.filter((h) => h.kind === "letter_issued")).toHaveLength(1);
    // The mail carried the letter as stored, and a download returns the same bytes.
    expect(mailed()?.attachments?.[0]?.content.equals(rows[0]?.pdf ?? Buffer.alloc(0))).toBe(true);
    const download = await t.app.inject({
      method: "GET",
      url: `/api/applications/${application.id}/pdf`,
      headers: owner.auth,
    });
    expect(download.rawPayload.equals(rows[0]?.pdf ?? Buffer.alloc(0))).toBe(true);
    expect(signings).toHaveBeenCalledTimes(1);
  });

  it("is signed once for callers that ask at the same time, who all get the same bytes", async () => {
    served = await createTestApp();
    const t = served;
    const { application } = await applicationOf(t, "Approved");
    const signings = await countSignings(t);
    const row = await loadApplication(t.app.ctx, application.id);
    if (!row) throw new Error("no application");
    const [a, b, c] = await Promise.all([
      currentLetter(t.app.ctx, row),
      currentLetter(t.app.ctx, row),
      currentLetter(t.app.ctx, row),
    ]);
    expect(signings).toHaveBeenCalledTimes(1);
    expect(a?.reference).toBeDefined();
    expect(b?.reference).toBe(a?.reference);
    expect(c?.pdf.equals(a?.pdf ?? Buffer.alloc(0))).toBe(true);
    // Once stored, it is read, not signed again.
    expect((await currentLetter(t.app.ctx, row))?.sha256).toBe(a?.sha256);
    expect(signings).toHaveBeenCalledTimes(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    "is signed once by servers that share the PostgreSQL database and ask at the same time",
    async () => {
      served = await createTestApp();
      const t = served;
      const other = await buildApp(t.app.ctx.config, { mailer: new MemoryMailer() });
      try {
        const { application } = await applicationOf(t, "Approved");
        const here = await countSignings(t);
        const there = vi.spyOn((await letterAssets(other.ctx)).signer, "sign");
        const row = await loadApplication(t.app.ctx, application.id);
        if (!row) throw new Error("no application");
        const [a, b] = await Promise.all([currentLetter(t.app.ctx, row), currentLetter(other.ctx, row)]);
        expect(here.mock.calls.length + there.mock.calls.length).toBe(1);
        expect(b?.reference).toBe(a?.reference);
        expect(b?.pdf.equals(a?.pdf ?? Buffer.alloc(0))).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});
