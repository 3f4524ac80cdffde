import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workSettled } from "../notifications/background-work.js";
import { buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { mailText, startSmtpCatcher } from "./mail-test-helpers.js";

const forgot = (t: TestApp, email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("password reset over real SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ smtpUrl: smtp.url }, { realMailer: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("mails a link that resets the password once", async () => {
    expect(t.app.ctx.mailer.target).toBe("smtp");
    const { user } = await buildUser(t.app, { firstName: "Zoë" });
    const arriving = smtp.next();
    expect((await forgot(t, user.email)).statusCode).toBe(200);
    const mail = await arriving;
    expect(mail.to).toEqual([user.email]);
    expect(mail.raw).toMatch(/^From: Visa Letter Portal <no-reply@example\.test>/m);
    const text = mailText(mail.raw);
    expect(text).toContain("Hello Zoë,");
    const link = text.match(/http:\/\/portal\.example\.test\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    const token = new URL(link ?? "").pathname.split("/").at(-1);
    const resetUrl = `/api/auth/reset-password/${token}`;

    const reset = await t.app.inject({
      method: "POST",
      url: resetUrl,
      payload: { password: "chosen-by-mail" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t, user.email, "chosen-by-mail")).statusCode).toBe(200);
    expect((await login(t, user.email, FACTORY_PASSWORD)).statusCode).toBe(401);

    const again = await t.app.inject({
      method: "POST",
      url: resetUrl,
      payload: { password: "abcdefg" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Invalid or expired reset token");
  });

  it("a failing SMTP server does not change the answer", async () => {
    const down = await createTestApp({ smtpUrl: "smtp://127.0.0.1:1" }, { realMailer: true });
    try {
      const { user } = await buildUser(down.app);
      const res = await forgot(down, user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe("Check your email for password reset instructions");
    } finally {
      await down.close();
    }
  });
});

describe("file outbox when no SMTP is configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { realMailer: true });
  });
  afterAll(() => t.close());

  it("writes each message as an .eml file under DATA_DIR/outbox", async () => {
    const outbox = join(t.app.ctx.config.dataDir, "outbox");
    expect(t.app.ctx.mailer.target).toBe(outbox);
    await t.app.ctx.mailer.send({
      to: "Ελένη <eleni@example.test>",
      subject: "Δοκιμή — test",
      text: "Γειά σου, Ελένη",
      attachments: [
        { filename: "letter.pdf", content: Buffer.from("%PDF-1.7"), contentType: "application/pdf" },
      ],
    });
    const { user } = await buildUser(t.app);
    await forgot(t, user.email);
    await workSettled(t.app.ctx);
    const files = readdirSync(outbox);
    expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(2);
    expect(files).toHaveLength(2);
    // Letters carry passport numbers: only the server's user may read the outbox.
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    for (const f of files) expect(statSync(join(outbox, f)).mode & 0o777).toBe(0o600);
    const raws = files.map((f) => readFileSync(join(outbox, f), "utf8"));
    const greek = raws.find((r) => r.includes("eleni@example.test"));
    expect(greek).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(greek).toContain("filename=letter.pdf");
    const reset = raws.find((r) => r.includes(user.email)) ?? "";
    expect(mailText(reset)).toMatch(/http:\/\/portal\.example\.test\/reset-password\/[A-Za-z0-9_-]{43}/);
  });
});
