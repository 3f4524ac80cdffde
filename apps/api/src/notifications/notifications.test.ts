import type { AddressInfo } from "node:net";
import { todayUtc } from "@visa/domain";
import { and, eq, isNull } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applications, letters, mailJobs } from "../db/schema.js";
import { createMailer } from "../mail/mailer.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { workSettled } from "./background-work.js";
import { insertMailJob } from "./mail-jobs.js";
import { drainMailQueue, retryDelayMs } from "./mail-queue.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const sentTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
const setStatus = (id: string, status: string) =>
  t.app.inject({ method: "PUT", url: `/api/applications/${id}`, headers: admin.auth, payload: { status } });

async function submitted(email: string) {
  const meeting = await buildMeeting(t.app, { name: `Plenary ${email}` });
  // Mail goes to the owner's verified address, not to the address typed into the form.
  const applicant = await buildUser(t.app, { email });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: applicant.auth,
    payload: applicationPayload(meeting.id, { email: "typed.elsewhere@example.test" }),
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json()._id as string, meeting, applicant };
}

describe("applicant e-mail", () => {
  it("confirms a request when it is received", async () => {
    const { meeting } = await submitted("received@example.test");
    expect(sentTo("received@example.test")).toHaveLength(0);
    await drainMailQueue(t.app.ctx);
    const [mail] = sentTo("received@example.test");
    expect(mail?.subject).toBe(`We received your visa letter request for ${meeting.name}`);
    expect(mail?.text).toContain("Dear Zoë Łukasiewicz-Ñúñez,");
  });

  it("sends the letter on approval and records that and when it was e-mailed", async () => {
    const { id, meeting } = await submitted("approved@example.test");
    expect((await setStatus(id, "Approved")).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const mail = sentTo("approved@example.test").find((m) => m.attachments?.length);
    expect(mail?.subject).toBe(`Your visa invitation letter for ${meeting.name}`);
    const [attachment] = mail?.attachments ?? [];
    expect(attachment?.filename).toBe("visa-request-letter-Zoë-Łukasiewicz-Ñúñez.pdf");
    expect(attachment?.contentType).toBe("application/pdf");
    expect(attachment?.content.subarray(0, 5).toString()).toBe("%PDF-");
    const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.letterEmailed).toBe(true);
    expect(row?.letterEmailedDate).toBe(todayUtc());
  });

  it("tells the applicant about a rejection, and that an earlier letter no longer holds", async () => {
    const { id } = await submitted("rejected@example.test");
    await setStatus(id, "Approved");
    await setStatus(id, "Rejected");
    await drainMailQueue(t.app.ctx);
    const subjects = sentTo("rejected@example.test").map((m) => m.subject);
    expect(subjects.some((s) => s.endsWith("is now Rejected"))).toBe(true);
    const rejection = sentTo("rejected@example.test").find((m) => m.subject.endsWith("is now Rejected"));
    expect(rejection?.text).toContain("changed from Approved to Rejected");
    expect(rejection?.text).toContain("no longer valid");
    // The approval was withdrawn before the letter went out: no letter is sent for it.
    expect(sentTo("rejected@example.test").some((m) => m.attachments?.length)).toBe(false);
  });

  it("sends the current letter once when it replaces one whose mail had not gone yet", async () => {
    const { id } = await submitted("replaced.early@example.test");
    await drainMailQueue(t.app.ctx);
    expect((await setStatus(id, "Approved")).statusCode).toBe(200);
    // The letter is issued and its mail queued, not sent, when a printed detail changes.
    await workSettled(t.app.ctx);
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${id}`,
      headers: admin.auth,
      payload: { hotelName: "Another Hotel" },
    });
    expect(edit.statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const [current] = await t.app.ctx.db
      .select()
      .from(letters)
      .where(and(eq(letters.applicationId, id), isNull(letters.revokedAt)));
    const mailed = sentTo("replaced.early@example.test").filter((m) => m.attachments?.length);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.attachments?.[0]?.content.equals(current?.pdf ?? Buffer.alloc(0))).toBe(true);
    const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.letterEmailed).toBe(true);

    // An admin's resend still sends it again.
    const resend = await t.app.inject({
      method: "POST",
      url: `/api/applications/${id}/letter/resend`,
      headers: admin.auth,
    });
    expect(resend.statusCode).toBe(202);
    await drainMailQueue(t.app.ctx);
    expect(sentTo("replaced.early@example.test").filter((m) => m.attachments?.length)).toHaveLength(2);
  });

  it("says nothing when an update leaves the status as it was", async () => {
    const { id } = await submitted("unchanged@example.test");
    await drainMailQueue(t.app.ctx);
    const before = sentTo("unchanged@example.test").length;
    await t.app.inject({
      method: "PUT",
      url: `/api/applications/${id}`,
      headers: admin.auth,
      payload: { position: "CTO" },
    });
    await drainMailQueue(t.app.ctx);
    expect(sentTo("unchanged@example.test")).toHaveLength(before);
  });
});

describe("resending a letter", () => {
  it("queues the letter again for an admin", async () => {
    const { id } = await submitted("resend@example.test");
    await setStatus(id, "Approved");
    await drainMailQueue(t.app.ctx);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/applications/${id}/letter/resend`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe("The letter will be e-mailed to resend@example.test");
    await drainMailQueue(t.app.ctx);
    expect(sentTo("resend@example.test").filter((m) => m.attachments?.length)).toHaveLength(2);
  });

  it("refuses users, pending applications and unknown ids", async () => {
    const { id, applicant } = await submitted("resend-refused@example.test");
    const url = `/api/applications/${id}/letter/resend`;
    expect((await t.app.inject({ method: "POST", url, headers: applicant.auth })).statusCode).toBe(403);
    const pending = await t.app.inject({ method: "POST", url, headers: admin.auth });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe("Only an approved application's letter can be sent");
    const unknown = "/api/applications/00000000-0000-4000-8000-000000000000/letter/resend";
    expect((await t.app.inject({ method: "POST", url: unknown, headers: admin.auth })).statusCode).toBe(404);
  });
});

describe("when the mail server fails", () => {
  let failuresLeft = 0;
  const received: string[] = [];
  let smtp: SMTPServer;
  let original: TestApp["app"]["ctx"]["mailer"];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          if (failuresLeft > 0) {
            failuresLeft--;
            const err = Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 });
            return callback(err);
          }
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    original = t.app.ctx.mailer;
    t.app.ctx.mailer = createMailer({ ...t.app.ctx.config, smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    t.app.ctx.mailer = original;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("answers the admin at once, then retries with a growing delay until the mail goes through", async () => {
    const { id } = await submitted("retry@example.test");
    await drainMailQueue(t.app.ctx);
    failuresLeft = 2;
    expect((await setStatus(id, "Approved")).statusCode).toBe(200);
    await workSettled(t.app.ctx);
    const start = new Date();

    await drainMailQueue(t.app.ctx, start);
    const job = async () =>
      (await t.app.ctx.db.select().from(mailJobs).where(eq(mailJobs.applicationId, id))).find(
        (j) => j.kind === "letter",
      );
    let j = await job();
    expect(j).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(j?.lastError).toContain("Mailbox busy");
    expect(j?.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));

    // Not due yet: nothing happens.
    await drainMailQueue(t.app.ctx, new Date(start.getTime() + retryDelayMs(1) - 1000));
    expect((await job())?.attempts).toBe(1);

    const second = new Date(start.getTime() + retryDelayMs(1));
    await drainMailQueue(t.app.ctx, second);
    j = await job();
    expect(j?.attempts).toBe(2);
    expect(j?.nextAttemptAt.getTime()).toBe(second.getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    await drainMailQueue(t.app.ctx, new Date(second.getTime() + retryDelayMs(2)));
    j = await job();
    expect(j?.sentAt).not.toBeNull();
    expect(received).toContain("retry@example.test");
    const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.letterEmailed).toBe(true);
  });
});

describe("kept mail", () => {
  it("is deleted a month after it was sent or abandoned, while recent mail stays", async () => {
    const day = 24 * 3600_000;
    const now = Date.now() + 2 * 3600_000;
    const job = (over: Partial<typeof mailJobs.$inferInsert>) => ({
      kind: "message" as const,
      to: "kept@example.test",
      subject: "s",
      text: "t",
      ...over,
    });
    await t.app.ctx.db
      .insert(mailJobs)
      .values([
        job({ subject: "old sent", sentAt: new Date(now - 31 * day) }),
        job({ subject: "old failed", failedAt: new Date(now - 31 * day) }),
        job({ subject: "recent", sentAt: new Date(now - day) }),
      ]);
    await drainMailQueue(t.app.ctx, new Date(now));
    const left = await t.app.ctx.db.select().from(mailJobs).where(eq(mailJobs.to, "kept@example.test"));
    expect(left.map((j) => j.subject)).toEqual(["recent"]);
  });
});

describe("the background worker", () => {
  it("sends queued mail while the server listens, and stops when it closes", async () => {
    const served = await createTestApp();
    try {
      const meeting = await buildMeeting(served.app);
      const owner = await buildUser(served.app);
      const application = await buildApplication(served.app, {
        meetingId: meeting.id,
        userId: owner.user.id,
      });
      served.app.ctx.events.emit("application.created", {
        applicationId: application.id,
        actorId: owner.user.id,
      });
      await served.app.listen({ port: 0, host: "127.0.0.1" });
      const deadline = Date.now() + 30_000;
      while (served.mailer.sent.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(served.mailer.sent.map((m) => m.to)).toEqual([owner.user.email]);
    } finally {
      await served.close();
    }
  });

  it("sends everything due in one go, not a batch per poll", async () => {
    // The poll never comes: whatever is sent, the start's own run sent.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const served = await createTestApp();
    try {
      const queued = Array.from({ length: 25 }, (_, i) => `queued${i}@example.test`);
      for (const to of queued)
        await insertMailJob(served.app.ctx.db, { kind: "message", to, subject: "s", text: "t" });
      await served.app.listen({ port: 0, host: "127.0.0.1" });
      const deadline = Date.now() + 30_000;
      while (served.mailer.sent.length < queued.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(served.mailer.sent.map((m) => m.to).sort()).toEqual([...queued].sort());
    } finally {
      await served.close();
      vi.useRealTimers();
    }
  });
});
