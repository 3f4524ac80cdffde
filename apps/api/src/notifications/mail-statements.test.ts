import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applicationHistory } from "../db/schema.js";
import { withAppAndAdmin } from "../test/app-with-admin.js";
import { buildApplication, buildMeeting } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { insertMailJob } from "./mail-jobs.js";
import { drainMailQueue } from "./mail-queue.js";

let t: TestApp;
withAppAndAdmin((app) => {
  t = app;
});

/** The statements the worker sends while it drains the queue, besides claiming jobs. */
async function statementsWhileDraining(): Promise<string[]> {
  // The driver's client (PGlite, or pg's pool) runs each statement outside a transaction.
  const { $client: client } = t.app.ctx.db as unknown as {
    $client: { query: (text: string | { text: string }, ...rest: unknown[]) => unknown };
  };
  const query = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, text: string | { text: string }, ...rest: unknown[]) {
    statements.push(typeof text === "string" ? text : text.text);
    return query.call(this, text, ...rest);
  };
  try {
    await drainMailQueue(t.app.ctx);
  } finally {
    client.query = query;
  }
  return statements.filter((s) => !/^update "mail_jobs" set "locked_until"/.test(s.trim()));
}

async function mailAbout(applicationId: string): Promise<void> {
  await insertMailJob(t.app.ctx.db, {
    kind: "message",
    to: "statements@example.test",
    subject: "A message from the secretariat",
    text: "Hello",
    applicationId,
  });
}

const entriesOf = (applicationId: string) =>
  t.app.ctx.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId));

describe("the mail worker", () => {
  it("finishes a sent mail and writes its history entry in two statements", async () => {
    const meeting = await buildMeeting(t.app);
    const application = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    // The first run also deletes finished jobs (hourly): that one is behind us.
    await drainMailQueue(t.app.ctx);
    await mailAbout(application.id);
    const statements = await statementsWhileDraining();
    expect(statements).toHaveLength(2);
    const sent = (await entriesOf(application.id)).filter((e) => e.kind === "mail_sent");
    expect(sent.map((e) => e.text)).toEqual(["A message from the secretariat"]);
  });
});
