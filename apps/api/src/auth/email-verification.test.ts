import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importAccepted, importRow, toCsv } from "../imports/csv-test-helpers.js";
import { mailText, startSmtpCatcher } from "../mail/mail-test-helpers.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { buildMeeting, buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ smtpUrl: smtp.url }, { realMailer: true });
  admin = await buildUser(t.app, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const register = async (email: string, firstName = "Eve") => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password: "secret123", confirmPassword: "secret123", firstName, lastName: "Mallory" },
  });
  expect(res.statusCode).toBe(201);
  return { authorization: `Bearer ${res.json().token}` };
};
const own = async (auth: Record<string, string>) =>
  (await t.app.inject({ method: "GET", url: "/api/applications", headers: auth })).json() as Array<{
    _id: string;
  }>;

/** The next mail the SMTP server receives, with the verification link in it. */
async function verificationMail(to: string) {
  await drainMailQueue(t.app.ctx);
  const mail = await smtp.next();
  expect(mail.to).toEqual([to]);
  const text = mailText(mail.raw);
  const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no verification link in: ${text}`);
  return { text, token };
}

describe("verified addresses", () => {
  it("an account registered before the import sees nothing imported until the mailed link is used", async () => {
    const meeting = await buildMeeting(t.app, { name: "Takeover Before" });
    const victim = "victim.before@example.test";
    const auth = await register(victim);
    const { token } = await verificationMail(victim);
    await importAccepted(t.app, admin.auth, toCsv([importRow(meeting.name, 1, { email: victim })]));
    expect(await own(auth)).toEqual([]);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: auth });
    expect(me.json().emailVerified).toBe(false);

    const used = await t.app.inject({ method: "POST", url: `/api/auth/verify-email/${token}` });
    expect(used.statusCode).toBe(200);
    const mine = await own(auth);
    expect(mine).toHaveLength(1);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/applications/${mine[0]?._id}`, headers: auth }))
        .statusCode,
    ).toBe(200);
    // Single use.
    expect((await t.app.inject({ method: "POST", url: `/api/auth/verify-email/${token}` })).statusCode).toBe(
      400,
    );
  });

  it("an account registered after the import sees nothing until verified, and cannot edit what it cannot see", async () => {
    const meeting = await buildMeeting(t.app, { name: "Takeover After" });
    const victim = "victim.after@example.test";
    await importAccepted(t.app, admin.auth, toCsv([importRow(meeting.name, 2, { email: victim })]));
    const list = await t.app.inject({
      method: "GET",
      url: `/api/applications?admin=true&meetingId=${meeting.id}`,
      headers: admin.auth,
    });
    const id = list.json().applications[0]._id as string;
    const auth = await register(victim);
    expect(await own(auth)).toEqual([]);
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${id}`,
      headers: auth,
      payload: { city: "Elsewhere" },
    });
    expect(edit.statusCode).toBe(404);
    const { token } = await verificationMail(victim);
    expect((await t.app.inject({ method: "POST", url: `/api/auth/verify-email/${token}` })).statusCode).toBe(
      200,
    );
    expect((await own(auth)).map((a) => a._id)).toEqual([id]);
  });

  it("an unverified account is sent only the verification message and the resets it asks for", async () => {
    const meeting = await buildMeeting(t.app, { name: "Quiet Meeting" });
    const email = "quiet@example.test";
    const auth = await register(email, "Quiet");
    const { text } = await verificationMail(email);
    // The applicant is told why no mail about their requests comes yet, and what comes once verified.
    expect(text.replace(/\s+/g, " ")).toContain(
      "Until the address is verified, we send it no mail about your requests, and requests the meeting's secretariat imported for it are not shown in your account. Once it is verified, we e-mail you where each of your requests stands, with any messages from the secretariat you have not seen.",
    );
    const created = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: auth,
      payload: {
        ...(await import("../test/factories.js")).applicationPayload(meeting.id),
        email: "someone.else@example.test",
      },
    });
    expect(created.statusCode).toBe(201);
    const approved = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${created.json()._id}`,
      headers: admin.auth,
      payload: { status: "Approved" },
    });
    expect(approved.statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email },
    });
    expect(reset.statusCode).toBeLessThan(300);
    await drainMailQueue(t.app.ctx);
    const next = await smtp.next();
    expect(next.to).toEqual([email]);
    expect(mailText(next.raw)).toContain("/reset-password/");
    // Completing the reset proves the address.
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mailText(next.raw))?.[1];
    const done = await t.app.inject({
      method: "POST",
      url: `/api/auth/reset-password/${resetToken}`,
      payload: { password: "newsecret1" },
    });
    expect(done.statusCode).toBeLessThan(300);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "newsecret1" },
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(me.json().emailVerified).toBe(true);
    // The reset is told to the address, and the letter approved meanwhile goes to it, now proved.
    await drainMailQueue(t.app.ctx);
    const mails = [await smtp.next(), await smtp.next()];
    const notice = mails.find((m) => m.raw.includes("Subject: Your Visa Letter Portal password was changed"));
    const letter = mails.find((m) => m !== notice);
    expect(notice?.to).toEqual([email]);
    if (!letter) throw new Error("no letter mailed");
    expect(letter.to).toEqual([email]);
    expect(letter.raw).toContain(`Subject: Your visa invitation letter for ${meeting.name}`);
    expect(letter.raw).toContain("application/pdf");
  });

  it("rejects an unknown or malformed link, and limits resends", async () => {
    expect(
      (await t.app.inject({ method: "POST", url: `/api/auth/verify-email/${"A".repeat(43)}` })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/verify-email/short" })).statusCode).toBe(
      400,
    );
    const auth = await register("resend@example.test");
    await verificationMail("resend@example.test");
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/auth/resend-verification",
            headers: auth,
            remoteAddress: `203.0.113.${i}`,
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([202, 202, 202, 429]);
    await drainMailQueue(t.app.ctx);
    for (let i = 0; i < 3; i++) expect((await smtp.next()).to).toEqual(["resend@example.test"]);
  });

  it("an admin sends an unverified account a link to its own address, within the account's limit", async () => {
    const email = "asked.by.phone@example.test";
    const auth = await register(email);
    await verificationMail(email);
    const me = (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: auth })).json();
    const send = (id: string, headers: Record<string, string> = admin.auth) =>
      t.app.inject({ method: "POST", url: `/api/users/${id}/verification-link`, headers });

    const sent = await send(me._id);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().message).toBe(`A verification link was sent to ${email}.`);
    const { token } = await verificationMail(email);
    // The owner's own resends and the admin's count together: three an hour.
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/resend-verification", headers: auth }))
        .statusCode,
    ).toBe(202);
    expect((await send(me._id)).statusCode).toBe(202);
    const refused = await send(me._id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too many verification e-mails. Please try again in an hour.");
    // Each new link replaces the one before: of the three mailed, only the newest verifies (the two
    // last may arrive in either order).
    const later = [(await verificationMail(email)).token, (await verificationMail(email)).token];
    const use = async (link: string) =>
      (await t.app.inject({ method: "POST", url: `/api/auth/verify-email/${link}` })).statusCode;
    expect(await use(token)).toBe(400);
    expect([await use(later[0] ?? ""), await use(later[1] ?? "")].sort()).toEqual([200, 400]);

    const verified = await buildUser(t.app);
    const already = await send(verified.user.id);
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe("This user's e-mail address is already verified.");
    expect((await send("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await send("not-an-id")).statusCode).toBe(400);
    // Only admins: an applicant cannot have links sent to other accounts.
    expect((await send(me._id, auth)).statusCode).toBe(403);
  });

  it("accounts an admin creates are verified; a changed address must be verified again", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: admin.auth,
      payload: {
        email: "made.by.admin@example.test",
        password: "secret123",
        firstName: "Made",
        lastName: "ByAdmin",
        isAdmin: false,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.emailVerified).toBe(true);
    const changed = await t.app.inject({
      method: "PUT",
      url: `/api/users/${res.json().user._id}`,
      headers: admin.auth,
      payload: { email: "moved@example.test", firstName: "Made", lastName: "ByAdmin" },
    });
    expect(changed.json().user.emailVerified).toBe(false);
    await verificationMail("moved@example.test");
  });
});
