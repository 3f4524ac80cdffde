import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailJobs, organisation } from "../db/schema.js";
import { ensureOrganisation } from "../letters/letter-assets.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

const SUBJECT = "Your Visa Letter Portal password was changed";
const notices = (email: string) => t.mailer.sent.filter((m) => m.to === email && m.subject === SUBJECT);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = async (token: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) })).statusCode;
const changeOwn = (auth: Record<string, string>, currentPassword: string, newPassword: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/change-password",
    headers: auth,
    payload: { currentPassword, newPassword },
  });

/** What every notice says, whoever changed the password. */
function expectNotice(text: string, secret: string) {
  expect(text).toMatch(
    /^Hello Ada,\n\nYour password was changed on \d\d\/\d\d\/\d{4}, \d\d:\d\d [AP]M E[SD]T \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\) /,
  );
  expect(text).toContain(
    "'Forgot password' on the sign-in page:\nhttp://portal.example.test/forgot-password",
  );
  expect(text).toContain("tell the secretariat");
  expect(text).not.toContain(secret);
  expect(text).not.toContain(FACTORY_PASSWORD);
}

describe("the password-changed notice", () => {
  it("goes to the owner who changed it, and only the session that changed it stays signed in", async () => {
    const { user, token } = await buildUser(t.app);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: FACTORY_PASSWORD },
    });
    const res = await changeOwn(bearer(token), FACTORY_PASSWORD, "brand-new-secret");
    expect(res.statusCode).toBe(200);
    expect(notices(user.email)).toHaveLength(0); // queued, sent in the background
    await drainMailQueue(t.app.ctx);
    const [mail] = notices(user.email);
    expectNotice(mail?.text ?? "", "brand-new-secret");
    expect(mail?.text).toContain("every other sign-in to it has been ended.\n\nIf that was you,");
    expect(await me(token)).toBe(401);
    expect(await me(other.json().token)).toBe(401);
    expect(await me(res.json().token)).toBe(200);
  });

  it("says the secretariat set it, and how to reach them", async () => {
    await ensureOrganisation(t.app.ctx);
    await t.app.ctx.db
      .update(organisation)
      .set({ name: "Standards Secretariat", contact: "visa@standards.example" });
    const { user } = await buildUser(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${user.id}/password`,
      headers: admin.auth,
      payload: { password: "set-by-admin" },
    });
    expect(res.statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const [mail] = notices(user.email);
    expectNotice(mail?.text ?? "", "set-by-admin");
    expect(mail?.text).toContain("by the secretariat, and every sign-in to your account has been ended");
    expect(mail?.text).toContain("If you did not ask for it, choose a new password");
    expect(mail?.text).toContain("tell the secretariat: visa@standards.example\n\nStandards Secretariat");
  });

  it("follows a reset by link, even to an address only that reset proved, without the link", async () => {
    const { user } = await buildUser(t.app, { emailVerifiedAt: null });
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    const token = t.mailer.sent.at(-1)?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    const res = await t.app.inject({
      method: "POST",
      url: `/api/auth/reset-password/${token}`,
      payload: { password: "after-reset" },
    });
    expect(res.statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const [mail] = notices(user.email);
    expectNotice(mail?.text ?? "", "after-reset");
    expect(mail?.text).not.toContain(token);
    expect(mail?.text).toContain("with a password reset link e-mailed to this address");
  });

  it("is not sent to an unproved address, nor for a refused change", async () => {
    const unproved = await buildUser(t.app, { emailVerifiedAt: null });
    expect((await changeOwn(unproved.auth, FACTORY_PASSWORD, "changed-unproved")).statusCode).toBe(200);
    const refused = await buildUser(t.app);
    expect((await changeOwn(refused.auth, "not-the-password", "never-set")).statusCode).toBe(400);
    await drainMailQueue(t.app.ctx);
    expect(notices(unproved.user.email)).toHaveLength(0);
    expect(notices(refused.user.email)).toHaveLength(0);
    const queued = await t.app.ctx.db.select().from(mailJobs).where(eq(mailJobs.to, refused.user.email));
    expect(queued).toHaveLength(0);
  });
});
