import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailJobs } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { drainMailQueue, enqueueMail } from "./mail-queue.js";

// A run of the queue compares with a millisecond clock; a job must be due from the millisecond it
// was queued in, or the run that follows an insert at once (the kick) skips it until the next poll.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("queued mail", () => {
  it("is due from the very millisecond it was queued", async () => {
    await enqueueMail(t.app.ctx, { kind: "message", to: "due@example.test", subject: "s", text: "t" });
    const [job] = await t.app.ctx.db.select().from(mailJobs).where(eq(mailJobs.to, "due@example.test"));
    if (!job) throw new Error("no job queued");
    await drainMailQueue(t.app.ctx, new Date(job.nextAttemptAt.getTime()));
    expect(t.mailer.sent.map((m) => m.to)).toContain("due@example.test");
    const [after] = await t.app.ctx.db.select().from(mailJobs).where(eq(mailJobs.id, job.id));
    expect(after?.sentAt).not.toBeNull();
  });
});
