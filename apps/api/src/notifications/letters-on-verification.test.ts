import { todayUtc } from "@visa/domain";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, emailVerifications, letters, mailJobs } from "../db/schema.js";
import { importAccepted, importRow, toCsv } from "../imports/csv-test-helpers.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";
import { workSettled } from "./background-work.js";
import { drainMailQueue, MAX_ATTEMPTS, retryDelayMs } from "./mail-queue.js";
import { notifyAddressVerified } from "./notify.service.js";

// An approval while the owner's address is unproved mails nothing; the letter goes once it is proved.
let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, user) => {
  t = app;
  admin = user;
});

let n = 0;
const meeting = () => buildMeeting(t.app, { name: `Plenary ${++n}` });
const inject = (method: "GET" | "POST" | "PUT", url: string, headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const setStatus = async (id: string, status: string) =>
  expect((await inject("PUT", `/api/applications/${id}`, admin.auth, { status })).statusCode).toBe(200);
const verify = (token: string) => inject("POST", `/api/auth/verify-email/${token}`);
const stored = async (id: string) =>
  (await t.app.ctx.db.select().from(applications).where(eq(applications.id, id)))[0];
const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
/** The token of the last link of this kind mailed to `email`. */
const mailedToken = (email: string, path: "verify-email" | "reset-password") =>
  new RegExp(`/${path}/([A-Za-z0-9_-]{43})`).exec(mailsTo(email).at(-1)?.text ?? "")?.[1];

/** How many letter mails went to `email`, by the application they are about. */
function lettersMailed(email: string) {
  const counts: Record<string, number> = {};
  for (const m of mailsTo(email).filter((mail) => mail.attachments?.length)) {
    const id = /\/applications\/([0-9a-f-]{36})/.exec(m.text)?.[1] ?? "?";
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

/** A new account, not verified yet, and the token of the link mailed to it. */
async function registered(email: string) {
  const payload = {
    email,
    password: "secret123",
    confirmPassword: "secret123",
    firstName: "Ana",
    lastName: "Pereira",
  };
  const res = await inject("POST", "/api/auth/register", {}, payload);
  expect(res.statusCode).toBe(201);
  await drainMailQueue(t.app.ctx);
  const token = mailedToken(email, "verify-email");
  if (!token) throw new Error("no verification link mailed");
  return { auth: { authorization: `Bearer ${res.json().token}` }, token };
}

/** Asks for a password reset of `email` and completes it with the link mailed to it. */
async function resetPassword(email: string) {
  expect((await inject("POST", "/api/auth/forgot-password", {}, { email })).statusCode).toBe(200);
  await workSettled(t.app.ctx);
  const token = mailedToken(email, "reset-password");
  const reset = await inject("POST", `/api/auth/reset-password/${token}`, {}, { password: "newsecret1" });
  expect(reset.statusCode).toBe(200);
}

/** The applicant's own request for the meeting. */
async function request(auth: object, meetingId: string) {
  const res = await inject("POST", "/api/applications", auth, applicationPayload(meetingId));
  expect(res.statusCode).toBe(201);
  return res.json()._id as string;
}

/** Imports one application for `email` into a new meeting (as its file says) and returns its id. */
async function imported(email: string, over: Parameters<typeof importRow>[2] = {}) {
  const m = await meeting();
  await importAccepted(t.app, admin.auth, toCsv([importRow(m.name, n, { email, ...over })]));
  const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.meetingId, m.id));
  if (!row) throw new Error("nothing imported");
  return row.id;
}

/** The application's current letter as stored. */
async function currentLetterOf(id: string) {
  const [letter] = await t.app.ctx.db
    .select()
    .from(letters)
    .where(and(eq(letters.applicationId, id), isNull(letters.revokedAt)));
  if (!letter?.pdf) throw new Error("no current letter");
  return letter;
}

/** The account's id, and its request for a meeting that ended years ago. */
async function requestOfMeetingOver(auth: object) {
  const over = await buildMeeting(t.app, {
    name: `Plenary ${++n}`,
    startDate: "2020-01-06",
    endDate: "2020-01-10",
  });
  const owner = (await inject("GET", "/api/auth/me", auth)).json()._id as string;
  const { id: past } = await buildApplication(t.app, { meetingId: over.id, userId: owner });
  return { owner, past };
}

/**
 * Proved again (a completed reset): the reset's own mails (its link, then the notice that the
 * password changed) are all that go; nothing is told twice.
 */
async function provedAgainTellsNothing(email: string) {
  const before = mailsTo(email).length;
  await resetPassword(email);
  await drainMailQueue(t.app.ctx);
  expect(
    mailsTo(email)
      .slice(before)
      .map((mail) => mail.subject),
  ).toEqual(["Reset your Visa Letter Portal password", "Your Visa Letter Portal password was changed"]);
}

/** An admin moves the account to another address, which is unproved until its link is used. */
async function moveAddress(userId: string, email: string) {
  const res = await inject("PUT", `/api/users/${userId}`, admin.auth, {
    email,
    firstName: "Ana",
    lastName: "Pereira",
  });
  expect(res.statusCode).toBe(200);
}

/** An admin changes a printed detail of the approved application: its letter is replaced. */
const replaceLetter = async (id: string) =>
  expect(
    (await inject("PUT", `/api/applications/${id}`, admin.auth, { hotelName: "Another Hotel" })).statusCode,
  ).toBe(200);

/**
 * Holds back the next application event, as if its listeners were slow to start, and answers a
 * function that lets it go and lets its listeners start (the work they start is then tracked).
 */
function holdNextApplicationEvent(): () => Promise<void> {
  const events = t.app.ctx.events;
  const emit = events.emit.bind(events) as (event: string, ...args: unknown[]) => void;
  let release = async () => {};
  events.emit = ((event: string, ...args: unknown[]) => {
    if (event !== "application.updated") return emit(event, ...args);
    events.emit = emit as typeof events.emit;
    release = async () => {
      emit(event, ...args);
      await Promise.resolve();
    };
  }) as typeof events.emit;
  return () => release();
}

/** Every attempt to send what is queued now fails, until the queue gives up on it. */
async function failEveryAttempt() {
  const send = t.mailer.send;
  t.mailer.send = async () => {
    throw new Error("Mailbox unavailable");
  };
  try {
    let at = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await drainMailQueue(t.app.ctx, new Date(at));
      at += retryDelayMs(attempt);
    }
  } finally {
    t.mailer.send = send;
  }
}

describe("letters approved before the address was verified", () => {
  it("are e-mailed when the link is used, as the approval would have, and only once", async () => {
    const m = await meeting();
    const email = "approved.early@example.test";
    const { auth, token } = await registered(email);
    const id = await request(auth, m.id);
    await setStatus(id, "Approved");
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(email)).toEqual({});
    expect((await stored(id))?.letterEmailed).toBe(false);

    expect((await verify(token)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const sent = mailsTo(email).filter((mail) => mail.attachments?.length);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`Your visa invitation letter for ${m.name}`);
    expect(sent[0]?.text).toContain("has been approved. The letter is attached to this message as a PDF.");
    const [attachment] = sent[0]?.attachments ?? [];
    expect(attachment?.contentType).toBe("application/pdf");
    const [letter] = await t.app.ctx.db
      .select()
      .from(letters)
      .where(and(eq(letters.applicationId, id), isNull(letters.revokedAt)));
    expect(letter?.pdf).toBeTruthy();
    expect(Buffer.compare(attachment?.content ?? Buffer.alloc(0), letter?.pdf ?? Buffer.alloc(1))).toBe(0);
    expect(await stored(id)).toMatchObject({ letterEmailed: true, letterEmailedDate: todayUtc() });

    // Proved once: the link again, a resend of the link and a completed reset mail nothing more.
    expect((await verify(token)).statusCode).toBe(400);
    expect((await inject("POST", "/api/auth/resend-verification", auth)).json().message).toBe(
      "Your e-mail address is already verified.",
    );
    await resetPassword(email);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(email)).toEqual({ [id]: 1 });
  });

  it("are e-mailed when a completed password reset proves the address", async () => {
    const email = "reset.proves@example.test";
    const { auth } = await registered(email);
    const id = await request(auth, (await meeting()).id);
    await setStatus(id, "Approved");
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(email)).toEqual({});

    await resetPassword(email);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(email)).toEqual({ [id]: 1 });
    expect((await stored(id))?.letterEmailed).toBe(true);
  });

  it("sends only approved letters never e-mailed: not pending, rejected, withdrawn or mailed ones", async () => {
    const email = "many.requests@example.test";
    const { auth, token } = await registered(email);
    const pending = await request(auth, (await meeting()).id);
    const rejected = await request(auth, (await meeting()).id);
    await setStatus(rejected, "Rejected");
    const withdrawn = await request(auth, (await meeting()).id);
    await setStatus(withdrawn, "Approved");
    expect((await inject("POST", `/api/applications/${withdrawn}/withdraw`, auth)).statusCode).toBe(200);
    const approved = await request(auth, (await meeting()).id);
    await setStatus(approved, "Approved");
    // Imported for this address before it was proved: their letters went to the file's address.
    const mailedBefore = await imported(email, { status: "Approved" });
    await drainMailQueue(t.app.ctx);
    const failedBefore = await imported(email, { status: "Approved" });
    await workSettled(t.app.ctx);
    await failEveryAttempt();
    // One still waiting in the queue when the link is used goes once, not twice.
    const queuedAtVerification = await imported(email, { status: "Approved" });
    await workSettled(t.app.ctx);
    expect(lettersMailed(email)).toEqual({ [mailedBefore]: 1 });
    expect((await stored(failedBefore))?.letterEmailed).toBe(false);

    expect((await verify(token)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(email)).toEqual({
      [mailedBefore]: 1,
      [failedBefore]: 1,
      [queuedAtVerification]: 1,
      [approved]: 1,
    });
    for (const id of [pending, rejected, withdrawn]) expect((await stored(id))?.letterEmailed).toBe(false);
    const mine = (await inject("GET", "/api/applications", auth)).json() as Array<{ _id: string }>;
    expect(mine.map((a) => a._id)).toEqual(expect.arrayContaining([mailedBefore, failedBefore]));
  });

  it("are queued: a failing mail server neither fails the verification nor loses the letter", async () => {
    const email = "server.down@example.test";
    const { auth, token } = await registered(email);
    const id = await request(auth, (await meeting()).id);
    await setStatus(id, "Approved");
    await drainMailQueue(t.app.ctx);
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error("Mailbox unavailable");
    };
    try {
      expect((await verify(token)).statusCode).toBe(200);
      await drainMailQueue(t.app.ctx);
    } finally {
      t.mailer.send = send;
    }
    const [job] = await t.app.ctx.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.applicationId, id), eq(mailJobs.kind, "letter")));
    expect(job).toMatchObject({ to: email, attempts: 1, sentAt: null, failedAt: null });
    expect((await stored(id))?.letterEmailed).toBe(false);

    await drainMailQueue(t.app.ctx, job?.nextAttemptAt);
    expect(lettersMailed(email)).toEqual({ [id]: 1 });
    expect((await stored(id))?.letterEmailed).toBe(true);
  });

  it("are e-mailed to an account an admin creates, for the imports it takes over", async () => {
    const email = "made.by.admin@example.test";
    const id = await imported(email, { status: "Approved" });
    await workSettled(t.app.ctx);
    await failEveryAttempt();
    expect(lettersMailed(email)).toEqual({});

    const res = await inject("POST", "/api/users", admin.auth, {
      email,
      password: "secret123",
      firstName: "Made",
      lastName: "ByAdmin",
      isAdmin: false,
    });
    expect(res.statusCode).toBe(201);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(email)).toEqual({ [id]: 1 });
    expect(await stored(id)).toMatchObject({ userId: res.json().user._id, letterEmailed: true });
  });
});

describe("a letter replaced while the address was unproved", () => {
  /** A verified applicant's approved request, its letter issued and its mail queued. */
  async function approvedFor(email: string) {
    const applicant = await buildUser(t.app, { email });
    const id = await request(applicant.auth, (await meeting()).id);
    await setStatus(id, "Approved");
    await workSettled(t.app.ctx);
    return { applicant, id };
  }

  /** The link mailed to the new address is used: the current letter goes to it, once. */
  async function provedGetsCurrentLetter(id: string, moved: string) {
    expect((await verify(mailedToken(moved, "verify-email") ?? "")).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const sent = mailsTo(moved).filter((mail) => mail.attachments?.length);
    expect(sent).toHaveLength(1);
    const current = await currentLetterOf(id);
    expect(sent[0]?.attachments?.[0]?.content.equals(current.pdf ?? Buffer.alloc(0))).toBe(true);
    expect(await stored(id)).toMatchObject({ letterEmailed: true, letterEmailedDate: todayUtc() });
  }

  it("is e-mailed when the new address is proved, though the letter it replaced was e-mailed", async () => {
    const before = "moved.from@example.test";
    const moved = "moved.to@example.test";
    const { applicant, id } = await approvedFor(before);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(before)).toEqual({ [id]: 1 });

    await moveAddress(applicant.user.id, moved);
    await replaceLetter(id);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(moved)).toEqual({});
    expect(await stored(id)).toMatchObject({ letterEmailed: false, letterEmailedDate: null });

    await provedGetsCurrentLetter(id, moved);
    expect(lettersMailed(before)).toEqual({ [id]: 1 });
  });

  it("is e-mailed when the new address is proved after a rejection and a new approval", async () => {
    const before = "reapproved.from@example.test";
    const moved = "reapproved.to@example.test";
    const { applicant, id } = await approvedFor(before);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(before)).toEqual({ [id]: 1 });

    await moveAddress(applicant.user.id, moved);
    await setStatus(id, "Rejected");
    expect(await stored(id)).toMatchObject({ letterEmailed: false, letterEmailedDate: null });
    await setStatus(id, "Approved");
    await workSettled(t.app.ctx);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(moved)).toEqual({});

    await provedGetsCurrentLetter(id, moved);
    expect(lettersMailed(before)).toEqual({ [id]: 1 });
  });

  it("is e-mailed when the new address is proved, though it replaced a letter as that was being sent", async () => {
    const before = "sending.from@example.test";
    const moved = "sending.to@example.test";
    const { applicant, id } = await approvedFor(before);
    const send = t.mailer.send;
    t.mailer.send = async (message) => {
      if (message.attachments?.length) {
        t.mailer.send = send;
        // While the first letter is on its way to the old address.
        await moveAddress(applicant.user.id, moved);
        await replaceLetter(id);
        await workSettled(t.app.ctx);
      }
      return send.call(t.mailer, message);
    };
    try {
      await drainMailQueue(t.app.ctx);
    } finally {
      t.mailer.send = send;
    }
    expect(lettersMailed(before)).toEqual({ [id]: 1 });
    expect((await stored(id))?.letterEmailed).toBe(false);

    await provedGetsCurrentLetter(id, moved);
  });
});

describe("an address proved between an approval and the queuing of its mail", () => {
  it.each([
    ["both mails are queued", false],
    ["the verification's mail went first", true],
  ])("sends the letter once when %s", async (_, sentBeforeApprovalQueues) => {
    const email = `race.${sentBeforeApprovalQueues}@example.test`;
    const { auth, token } = await registered(email);
    const id = await request(auth, (await meeting()).id);
    const releaseApproval = holdNextApplicationEvent();
    await setStatus(id, "Approved");
    expect((await verify(token)).statusCode).toBe(200);
    await workSettled(t.app.ctx);
    if (sentBeforeApprovalQueues) {
      await drainMailQueue(t.app.ctx);
      expect(lettersMailed(email)).toEqual({ [id]: 1 });
    }
    // The approval's listeners start only now, and find the address proved.
    await releaseApproval();
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(email)).toEqual({ [id]: 1 });
    expect((await stored(id))?.letterEmailed).toBe(true);
    const jobs = await t.app.ctx.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.applicationId, id), eq(mailJobs.kind, "letter")));
    expect(jobs).toHaveLength(2);
  });
});

describe("a decision the applicant was not told while the address was unproved", () => {
  /** The applicant's request for a new meeting, and the meeting's name. */
  async function requested(auth: object) {
    const m = await meeting();
    return { id: await request(auth, m.id), name: m.name };
  }
  const rejectedSubject = (name: string) => `Your visa letter request for ${name} is now Rejected`;
  const correctSubject = (name: string) => `Please correct your visa letter request for ${name}`;
  const pendingSubject = (name: string) => `Your visa letter request for ${name} is now Pending`;
  const receivedSubject = (name: string) => `We received your visa letter request for ${name}`;
  /** The mails to `email` about the application (letters included). */
  const about = (email: string, id: string) =>
    mailsTo(email).filter((m) => m.text.includes(`/applications/${id}`));
  const mailsAbout = (email: string, id: string) => about(email, id).map((m) => m.subject);
  const reject = async (id: string, reason: string) =>
    expect(
      (await inject("PUT", `/api/applications/${id}`, admin.auth, { status: "Rejected", reason })).statusCode,
    ).toBe(200);
  const askForChanges = async (id: string, text: string) =>
    expect(
      (await inject("POST", `/api/applications/${id}/request-changes`, admin.auth, { text })).statusCode,
    ).toBe(200);

  it("is mailed once the address is proved: its current status only, once", async () => {
    const email = "told.late@example.test";
    const { auth, token } = await registered(email);
    const rejected = await requested(auth);
    await reject(rejected.id, "Passport expired");
    const sentBack = await requested(auth);
    await askForChanges(sentBack.id, "Please add your middle name.\nAs printed in the passport.");
    // Rejected, then sent back, then rejected again: one mail, of the rejection that holds.
    const twice = await requested(auth);
    await reject(twice.id, "Not registered");
    await setStatus(twice.id, "Pending");
    await reject(twice.id, "Registration closed");
    // Rejected and then pending again: told that it is being reviewed again, not the rejection.
    const reopened = await requested(auth);
    await reject(reopened.id, "Wrong meeting");
    await setStatus(reopened.id, "Pending");
    const corrected = await requested(auth);
    await askForChanges(corrected.id, "Please fix the hotel.");
    const edit = { hotelName: "Hotel Fixed" };
    expect((await inject("PUT", `/api/applications/${corrected.id}`, auth, edit)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([
      "Verify your e-mail address for the Visa Letter Portal",
    ]);

    expect((await verify(token)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(mailsAbout(email, rejected.id)).toEqual([rejectedSubject(rejected.name)]);
    const [rejection] = about(email, rejected.id);
    expect(rejection?.text).toContain("changed from Pending to Rejected");
    expect(rejection?.text).toContain("The reason given: Passport expired");
    expect(mailsAbout(email, sentBack.id)).toEqual([correctSubject(sentBack.name)]);
    expect(about(email, sentBack.id)[0]?.text).toContain(
      "> Please add your middle name.\n> As printed in the passport.",
    );
    expect(mailsAbout(email, twice.id)).toEqual([rejectedSubject(twice.name)]);
    expect(about(email, twice.id)[0]?.text).toContain("The reason given: Registration closed");
    expect(mailsAbout(email, reopened.id)).toEqual([pendingSubject(reopened.name)]);
    expect(about(email, reopened.id)[0]?.text).toContain("Your request is being reviewed again.");
    // Corrected since: the request for changes no longer holds; it is a request under review.
    expect(mailsAbout(email, corrected.id)).toEqual([receivedSubject(corrected.name)]);

    await provedAgainTellsNothing(email);
  });

  it("is not mailed for a withdrawal or a meeting that is over", async () => {
    const email = "nothing.to.tell@example.test";
    const { auth, token } = await registered(email);
    const withdrawn = await request(auth, (await meeting()).id);
    expect((await inject("POST", `/api/applications/${withdrawn}/withdraw`, auth)).statusCode).toBe(200);
    const { past } = await requestOfMeetingOver(auth);
    await reject(past, "Too late");
    await workSettled(t.app.ctx);
    expect((await verify(token)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(mailsAbout(email, withdrawn)).toEqual([]);
    expect(mailsAbout(email, past)).toEqual([]);
  });

  it("goes to a new address once proved, unless the earlier address was told", async () => {
    const before = "told.before@example.test";
    const moved = "told.after@example.test";
    const applicant = await buildUser(t.app, { email: before });
    const toldEarlier = await requested(applicant.auth);
    await drainMailQueue(t.app.ctx);
    await reject(toldEarlier.id, "Passport expired");
    await drainMailQueue(t.app.ctx);
    expect(mailsAbout(before, toldEarlier.id)).toEqual([
      `We received your visa letter request for ${toldEarlier.name}`,
      rejectedSubject(toldEarlier.name),
    ]);

    await moveAddress(applicant.user.id, moved);
    const toldNever = await requested(applicant.auth);
    await askForChanges(toldNever.id, "Please add the hotel.");
    await drainMailQueue(t.app.ctx);
    expect((await verify(mailedToken(moved, "verify-email") ?? "")).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(mailsAbout(moved, toldEarlier.id)).toEqual([]);
    expect(mailsAbout(moved, toldNever.id)).toEqual([correctSubject(toldNever.name)]);
    expect(mailsAbout(before, toldNever.id)).toEqual([]);
  });

  it.each([
    ["both mails are queued", false],
    ["the verification's mail went first", true],
  ])(
    "is mailed once when the address is proved before the rejection's mail is queued: %s",
    async (_, first) => {
      const email = `told.race.${first}@example.test`;
      const { auth, token } = await registered(email);
      const m = await meeting();
      const id = await request(auth, m.id);
      const releaseRejection = holdNextApplicationEvent();
      await reject(id, "Passport expired");
      expect((await verify(token)).statusCode).toBe(200);
      await workSettled(t.app.ctx);
      if (first) {
        await drainMailQueue(t.app.ctx);
        expect(mailsAbout(email, id)).toEqual([rejectedSubject(m.name)]);
      }
      // The rejection's listeners start only now, and find the address proved.
      await releaseRejection();
      await drainMailQueue(t.app.ctx);
      expect(mailsAbout(email, id)).toEqual([rejectedSubject(m.name)]);
    },
  );
});

describe("what the applicant missed while the address was unproved", () => {
  const about = (email: string, id: string) =>
    mailsTo(email).filter((m) => m.text.includes(`/applications/${id}`));
  const message = async (id: string, text: string) =>
    expect((await inject("POST", `/api/applications/${id}/messages`, admin.auth, { text })).statusCode).toBe(
      201,
    );
  const requestFor = async (auth: object) => {
    const m = await meeting();
    return { id: await request(auth, m.id), name: m.name };
  };

  it("tells a request made before, and where it stands now, in one mail each, once", async () => {
    const email = "missed.states@example.test";
    const { auth, token } = await registered(email);
    const received = await requestFor(auth);
    // Approved, then back to Pending: the letter the applicant may have downloaded is void.
    const returned = await requestFor(auth);
    await setStatus(returned.id, "Approved");
    await setStatus(returned.id, "Pending");
    // Imported for the address: the secretariat made it, so it is not confirmed as received.
    const importedPending = await imported(email);
    await drainMailQueue(t.app.ctx);
    expect(mailsTo(email).map((m) => m.subject)).toEqual([
      "Verify your e-mail address for the Visa Letter Portal",
    ]);

    // The link opened twice at once (two tabs): it proves the address once.
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    await drainMailQueue(t.app.ctx);
    expect(about(email, received.id).map((m) => m.subject)).toEqual([
      `We received your visa letter request for ${received.name}`,
    ]);
    expect(about(email, returned.id).map((m) => m.subject)).toEqual([
      `Your visa letter request for ${returned.name} is now Pending`,
    ]);
    const [back] = about(email, returned.id);
    expect(back?.text).toContain("changed from Approved to Pending");
    expect(back?.text).toContain("The letter issued earlier for this request is no longer valid.");
    expect(about(email, importedPending)).toEqual([]);

    await provedAgainTellsNothing(email);
  });

  it("carries the secretariat's messages not yet read in the mail of their request, once", async () => {
    const email = "missed.messages@example.test";
    const { auth, token } = await registered(email);
    const pending = await requestFor(auth);
    await message(pending.id, "Seen already: answered by an edit.");
    const edit = { hotelName: "Hotel Answered" };
    expect((await inject("PUT", `/api/applications/${pending.id}`, auth, edit)).statusCode).toBe(200);
    await message(pending.id, "Please bring your passport.\nThe original, not a copy.");
    await message(pending.id, "The venue has moved.");
    const rejected = await requestFor(auth);
    await message(rejected.id, "Your passport scan is unreadable.");
    await setStatus(rejected.id, "Rejected");
    const approved = await requestFor(auth);
    await setStatus(approved.id, "Approved");
    await message(approved.id, "Your hard copy goes out by post.");
    const withdrawn = await requestFor(auth);
    await message(withdrawn.id, "About your withdrawn request.");
    expect((await inject("POST", `/api/applications/${withdrawn.id}/withdraw`, auth)).statusCode).toBe(200);
    const { owner, past } = await requestOfMeetingOver(auth);
    await message(past, "About a meeting long over.");
    await drainMailQueue(t.app.ctx);
    expect(mailsTo(email)).toHaveLength(1);

    expect((await verify(token)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const [pendingMail, ...more] = about(email, pending.id);
    expect(more).toEqual([]);
    expect(pendingMail?.subject).toBe(`We received your visa letter request for ${pending.name}`);
    expect(pendingMail?.text).toContain(
      "The secretariat has also sent you these messages about this request:",
    );
    expect(pendingMail?.text).toContain("> Please bring your passport.\n> The original, not a copy.");
    expect(pendingMail?.text).toContain("> The venue has moved.");
    expect(pendingMail?.text).not.toContain("Seen already");
    const [rejection, ...moreRejections] = about(email, rejected.id);
    expect(moreRejections).toEqual([]);
    expect(rejection?.subject).toBe(`Your visa letter request for ${rejected.name} is now Rejected`);
    expect(rejection?.text).toContain("> Your passport scan is unreadable.");
    const [letter, ...moreLetters] = about(email, approved.id);
    expect(moreLetters).toEqual([]);
    expect(letter?.attachments).toHaveLength(1);
    expect(letter?.text).toContain("The secretariat has also sent you a message about this request:");
    expect(letter?.text).toContain("> Your hard copy goes out by post.");
    expect(about(email, withdrawn.id)).toEqual([]);
    expect(about(email, past)).toEqual([]);

    // A message now goes at once, alone; and a verification run again (as by two servers at once)
    // tells nothing twice.
    await message(pending.id, "Your letter is being prepared.");
    await Promise.all([notifyAddressVerified(t.app.ctx, owner), notifyAddressVerified(t.app.ctx, owner)]);
    await drainMailQueue(t.app.ctx);
    expect(about(email, pending.id).map((m) => m.subject)).toEqual([
      `We received your visa letter request for ${pending.name}`,
      `A message about your visa letter request for ${pending.name}`,
    ]);
    expect(about(email, pending.id)[1]?.text).not.toContain("The venue has moved.");
    expect(about(email, rejected.id)).toHaveLength(1);
    expect(about(email, approved.id)).toHaveLength(1);
  });

  it("sends no message to an address not proved yet, and the missed ones once it is", async () => {
    const before = "messages.before@example.test";
    const moved = "messages.after@example.test";
    const applicant = await buildUser(t.app, { email: before });
    const req = await requestFor(applicant.auth);
    await drainMailQueue(t.app.ctx);
    await message(req.id, "Told at once.");
    await drainMailQueue(t.app.ctx);
    expect(about(before, req.id).map((m) => m.subject)).toEqual([
      `We received your visa letter request for ${req.name}`,
      `A message about your visa letter request for ${req.name}`,
    ]);

    await moveAddress(applicant.user.id, moved);
    await message(req.id, "Written while the new address was unproved.");
    await message(req.id, "And a second one.");
    await drainMailQueue(t.app.ctx);
    expect(about(before, req.id)).toHaveLength(2);
    expect(about(moved, req.id)).toEqual([]);

    expect((await verify(mailedToken(moved, "verify-email") ?? "")).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const [missed, ...more] = about(moved, req.id);
    expect(more).toEqual([]);
    expect(missed?.subject).toBe(`Messages about your visa letter request for ${req.name}`);
    expect(missed?.text).toContain("> Written while the new address was unproved.");
    expect(missed?.text).toContain("> And a second one.");
    expect(missed?.text).not.toContain("Told at once.");
    expect(about(before, req.id)).toHaveLength(2);
  });

  it("carries a message whose mail was given up in the next mail about its request", async () => {
    const email = "mailbox.was.down@example.test";
    const applicant = await buildUser(t.app, { email });
    const req = await requestFor(applicant.auth);
    await drainMailQueue(t.app.ctx);
    await message(req.id, "Sent while the mailbox was down.");
    await failEveryAttempt();
    expect(about(email, req.id).map((m) => m.subject)).toEqual([
      `We received your visa letter request for ${req.name}`,
    ]);

    await setStatus(req.id, "Approved");
    await drainMailQueue(t.app.ctx);
    const [, letter, ...more] = about(email, req.id);
    expect(more).toEqual([]);
    expect(letter?.attachments).toHaveLength(1);
    expect(letter?.text).toContain("> Sent while the mailbox was down.");
  });
});

describe("an applicant whose mail is held for an unproved address", () => {
  const VERIFY_SUBJECT = "Verify your e-mail address for the Visa Letter Portal";
  const WAITING = "Mail about your requests in the Visa Letter Portal is waiting";

  it("is sent a link saying mail waits, once a day, and the letter follows its use", async () => {
    // An account from before addresses were verified: never sent a link.
    const email = "from.before.links@example.test";
    const applicant = await buildUser(t.app, { email, emailVerifiedAt: null });
    const first = await request(applicant.auth, (await meeting()).id);
    const second = await request(applicant.auth, (await meeting()).id);
    await drainMailQueue(t.app.ctx);
    // Its request's receipt was held: the link asks for the verification, nothing else went.
    const asked = mailsTo(email);
    expect(asked.map((m) => m.subject)).toEqual([VERIFY_SUBJECT]);
    expect(asked[0]?.text.startsWith(WAITING)).toBe(true);
    expect(asked[0]?.text).not.toContain(applicationPayload("x").passportNumber);

    // Decisions while that link can still be used send no other.
    await setStatus(first, "Approved");
    await setStatus(second, "Rejected");
    await drainMailQueue(t.app.ctx);
    expect(mailsTo(email).map((m) => m.subject)).toEqual([VERIFY_SUBJECT]);

    // The link expired unused: the next decision asks again, with a new link.
    await t.app.ctx.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, applicant.user.id));
    await setStatus(second, "Pending");
    await drainMailQueue(t.app.ctx);
    expect(mailsTo(email).map((m) => m.subject)).toEqual([VERIFY_SUBJECT, VERIFY_SUBJECT]);
    const token = mailedToken(email, "verify-email") ?? "";
    expect((await verify(token)).statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    expect(lettersMailed(email)).toEqual({ [first]: 1 });
  });

  it("is not sent a second link while the one from registering can be used", async () => {
    const email = "just.registered@example.test";
    const { auth } = await registered(email);
    const id = await request(auth, (await meeting()).id);
    await setStatus(id, "Approved");
    await drainMailQueue(t.app.ctx);
    expect(mailsTo(email).map((m) => m.subject)).toEqual([
      "Verify your e-mail address for the Visa Letter Portal",
    ]);
    expect(mailsTo(email)[0]?.text.startsWith(WAITING)).toBe(false);
  });
});
