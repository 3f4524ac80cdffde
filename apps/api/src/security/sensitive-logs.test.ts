import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import type { App } from "../lib/app-type.js";
import { createMailer } from "../mail/mailer.js";
import { workSettled } from "../notifications/background-work.js";
import { insertMailJob } from "../notifications/mail-jobs.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { buildUser } from "../test/factories.js";
import { createTestApp, MemoryMailer, type TestApp } from "../test/test-app.js";
import { loggedUrl } from "./log-serializers.js";

// An app logging at info level, as deployed, into memory.
let t: TestApp;
let app: App;
const lines: string[] = [];
const mailer = new MemoryMailer();
beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp(
    { ...t.app.ctx.config, logLevel: "info", smtpUrl: undefined },
    { mailer, logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe("the logs", () => {
  it("never hold a password reset token: not from the mail, not from the address of its use", async () => {
    const { user } = await buildUser(app);
    await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    await workSettled(app.ctx);
    const token = mailer.sent.at(-1)?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    expect(token.length).toBeGreaterThanOrEqual(43);
    const reset = await app.inject({
      method: "POST",
      url: `/api/auth/reset-password/${token}`,
      payload: { password: "brand-new-1" },
    });
    expect(reset.statusCode).toBe(200);
    const log = lines.join("");
    expect(log).toContain("/api/auth/reset-password/[token]");
    expect(log).not.toContain(token);
  });

  it("never hold an e-mail verification token: not from the mail, not from the address of its use", async () => {
    const email = `verify-${Date.now()}@example.test`;
    const registered = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        firstName: "Ana",
        lastName: "Lima",
        email,
        password: "secret123",
        confirmPassword: "secret123",
      },
    });
    expect(registered.statusCode).toBe(201);
    await drainMailQueue(app.ctx);
    const mail = mailer.sent.findLast((m) => m.to === email);
    const token = mail?.text.match(/\/verify-email\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    expect(token.length).toBeGreaterThanOrEqual(43);
    const verified = await app.inject({ method: "POST", url: `/api/auth/verify-email/${token}` });
    expect(verified.statusCode).toBe(200);
    const log = lines.join("");
    expect(log).toContain("/api/auth/verify-email/[token]");
    expect(log).not.toContain(token);
  });

  it("never hold the values of a query that failed after the answer (a mail, a letter)", async () => {
    const passport = "X7654321";
    let failed = false;
    // As a listener's write fails when the database refuses or loses it: the query's values are
    // in the driver's message ("params: ...") and in PostgreSQL's own ("...: \"X7654321\"").
    app.ctx.events.on("letter.superseded", async () => {
      try {
        await app.ctx.db.execute(sql`select ${passport}::date`);
      } finally {
        failed = true;
      }
    });
    app.ctx.events.emit("letter.superseded", { applicationId: "00000000-0000-4000-8000-000000000000" });
    await expect.poll(() => failed).toBe(true);
    await expect.poll(() => lines.join("")).toContain("event listener failed");
    const logged = lines.find((l) => l.includes("event listener failed")) ?? "";
    expect(logged).not.toContain(passport);
    expect(logged).toContain("select $1::date");
    expect(logged).toContain("22007");
  });

  it("never hold the address a mail server names when it refuses a recipient, but keep its reason", async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refused = new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`);
        callback(Object.assign(refused, { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const memory = app.ctx.mailer;
    app.ctx.mailer = createMailer({ ...app.ctx.config, smtpUrl: `smtp://127.0.0.1:${port}` });
    const to = `refused-${Date.now()}@example.org`;
    try {
      await insertMailJob(app.ctx.db, { kind: "message", to, subject: "Your request", text: "Hello" });
      await drainMailQueue(app.ctx);
    } finally {
      app.ctx.mailer = memory;
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
    const logged = lines.find((l) => l.includes("mail not sent")) ?? "";
    expect(logged).toContain("550 5.1.1");
    expect(logged).toContain("Recipient address rejected: User unknown");
    expect(logged).not.toContain(to);
    expect(lines.join("")).not.toContain(to);
  });

  it("mask the token of the page a link opens and a search term, nothing else", () => {
    expect(loggedUrl("/reset-password/abcDEF_-123?x=1")).toBe("/reset-password/[token]?x=1");
    expect(loggedUrl("/verify-email/abcDEF_-123")).toBe("/verify-email/[token]");
    expect(loggedUrl("/api/applications?page=2")).toBe("/api/applications?page=2");
    expect(loggedUrl("/api/applications?admin=true&search=X1234567&page=2")).toBe(
      "/api/applications?admin=true&search=[term]&page=2",
    );
    expect(loggedUrl("/admin?q=C01X00T47")).toBe("/admin?q=[term]");
  });
});
