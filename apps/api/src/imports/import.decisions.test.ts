import { and, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { letters } from "../db/schema.js";
import { workSettled } from "../notifications/background-work.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { countTransactions } from "../test/count-transactions.js";
import { buildMeeting } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { importAccepted, importRow, storedRows, toCsv } from "./csv-test-helpers.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

describe("import: new requests the file approves or rejects", () => {
  it("tells each applicant once and issues each letter, without a transaction per row", async () => {
    const meeting = await buildMeeting(t.app);
    // More than one group of mails (100), and letters to sign.
    const rows = Array.from({ length: 150 }, (_, i) =>
      importRow(meeting.name, 400_000 + i, { status: i % 5 === 0 ? "Approved" : "Rejected" }),
    );
    const db = t.app.ctx.db;
    let result: Awaited<ReturnType<typeof importAccepted>> | undefined;
    const transactions = await countTransactions(db, async () => {
      result = await importAccepted(t.app, admin.auth, toCsv(rows));
      await workSettled(t.app.ctx);
    });
    expect(result).toMatchObject({ successful: 150, approved: 30, failed: 0 });
    // The import's own, each letter's, and the mails' a few at most: 2,000 decisions had been
    // 2,000 transactions of about ten statements each, and held every other request up for seconds.
    expect(transactions).toBeLessThan(1 + 30 + 10);

    const stored = await storedRows(t.app, meeting.id);
    const approved = stored.filter((a) => a.status === "Approved").map((a) => a.id);
    const issued = await db
      .select({ applicationId: letters.applicationId })
      .from(letters)
      .where(and(inArray(letters.applicationId, approved), isNull(letters.revokedAt)));
    expect(issued).toHaveLength(30);

    await drainMailQueue(t.app.ctx);
    // Draining again, as a later verification's catch-up would look, tells nothing twice.
    await drainMailQueue(t.app.ctx);
    for (const a of stored) {
      const mails = t.mailer.sent.filter((m) => m.to === a.email);
      expect(mails, a.email).toHaveLength(1);
      const attached = mails[0]?.attachments?.length ?? 0;
      expect(attached, a.email).toBe(a.status === "Approved" ? 1 : 0);
    }
  });
});
