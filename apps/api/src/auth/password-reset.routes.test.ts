import { AUTH_MESSAGES } from "@visa/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResets } from "../db/schema.js";
import { workSettled } from "../notifications/background-work.js";
import { buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { hashResetToken } from "./password-reset.service.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The answer comes before the work: wait for it before reading the mail.
async function forgot(email: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
  await workSettled(t.app.ctx);
  return res;
}
const reset = (token: string, password: string) =>
  t.app.inject({ method: "POST", url: `/api/auth/reset-password/${token}`, payload: { password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

/** Asks for a reset and returns the token from the link in the mail that was sent. */
async function requestToken(email: string): Promise<string> {
  const before = t.mailer.sent.length;
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const mail = t.mailer.sent[before];
  const match = mail?.text.match(/http:\/\/portal\.example\.test\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error("no reset link in the mail");
  return match[1];
}

describe("forgot-password", () => {
  it("answers the same for an unknown address and sends nothing", async () => {
    const before = t.mailer.sent.length;
    const res = await forgot("nobody-here@example.test");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Check your email for password reset instructions" });
    expect(t.mailer.sent.length).toBe(before);
  });

  it("mails a link to a known address and stores only the token's hash, valid one hour", async () => {
    const { user } = await buildUser(t.app);
    const res = await forgot(user.email.toUpperCase());
    expect(res.json()).toEqual({ message: "Check your email for password reset instructions" });
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(user.email);
    const token = mail?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.app.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashResetToken(token));
    expect(rows[0]?.tokenHash).not.toContain(token);
    const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(Math.round(lifetime / 60_000)).toBe(60);
  });

  it("answers a known address before its mail is sent, as fast as an unknown one", async () => {
    const { user } = await buildUser(t.app);
    const send = t.mailer.send;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.mailer.send = async (message) => {
      await held;
      return send.call(t.mailer, message);
    };
    try {
      const before = t.mailer.sent.length;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: user.email },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: "Check your email for password reset instructions" });
      expect(t.mailer.sent.length).toBe(before);
      release();
      await workSettled(t.app.ctx);
      expect(t.mailer.sent.at(-1)?.to).toBe(user.email);
    } finally {
      t.mailer.send = send;
    }
  });

  it("refuses a malformed address with 400", async () => {
    const res = await forgot("not-an-email");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid email address");
  });
});

describe("reset-password", () => {
  it("sets the new password, ends older sessions, and works only once", async () => {
    const { user, auth } = await buildUser(t.app);
    const token = await requestToken(user.email);
    const res = await reset(token, "new-secret");
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Password reset successful. Please log in.");
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: auth })).statusCode).toBe(401);
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, "new-secret")).statusCode).toBe(200);
    const again = await reset(token, "third-secret");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    expect((await login(user.email, "new-secret")).statusCode).toBe(200);
  });

  it("refuses an expired token and leaves the password alone", async () => {
    const { user } = await buildUser(t.app);
    const token = await requestToken(user.email);
    await t.app.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await reset(token, "new-secret");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    expect((await login(user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it("a newer request makes the older link stop working", async () => {
    const { user } = await buildUser(t.app);
    const older = await requestToken(user.email);
    const newer = await requestToken(user.email);
    expect((await reset(older, "new-secret")).statusCode).toBe(400);
    expect((await reset(newer, "new-secret")).statusCode).toBe(200);
  });

  it("a too-short password is refused and the link still works afterwards", async () => {
    const { user } = await buildUser(t.app);
    const token = await requestToken(user.email);
    const short = await reset(token, "abc");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 6 characters long");
    expect((await reset(token, "long-enough")).statusCode).toBe(200);
  });

  it.each(["unknown", "x".repeat(43), "%00", "a".repeat(200)])(
    "refuses the made-up token %s with 400",
    async (token) => {
      const res = await reset(token, "new-secret");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    },
  );
});
