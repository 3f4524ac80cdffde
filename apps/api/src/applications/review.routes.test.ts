import type { ApplicationDto, BulkResultDto, HistoryEntryDto, NeighboursDto } from "@visa/domain";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { letters, mailJobs } from "../db/schema.js";
import { workSettled } from "../notifications/background-work.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { type TestUser, withAppAndAdmin } from "../test/app-with-admin.js";
import { countTransactions } from "../test/count-transactions.js";
import { applicationPayload, buildApplication, buildMeeting, buildUser } from "../test/factories.js";
import type { TestApp } from "../test/test-app.js";

let t: TestApp;
let admin: TestUser;
withAppAndAdmin((app, a) => {
  t = app;
  admin = a;
});

type Headers = Record<string, string>;
const inject = (method: "GET" | "POST" | "PUT", url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const bulk = async (payload: object, headers: Headers = admin.auth) => {
  const res = await inject("POST", "/api/applications/bulk", headers, payload);
  return { status: res.statusCode, body: res.json() as BulkResultDto };
};
const read = async (id: string, headers: Headers) =>
  (await inject("GET", `/api/applications/${id}`, headers)).json() as ApplicationDto;
const historyOf = async (id: string, headers: Headers) =>
  (await inject("GET", `/api/applications/${id}/history`, headers)).json() as HistoryEntryDto[];
const list = async (query: string) => {
  const res = await inject("GET", `/api/applications?admin=true&limit=100&${query}`, admin.auth);
  expect(res.statusCode).toBe(200);
  return res.json() as { applications: ApplicationDto[]; pagination: { total: number } };
};

async function ownedApplication(meetingId: string, over: Parameters<typeof applicationPayload>[1] = {}) {
  const owner = await buildUser(t.app);
  const res = await inject("POST", "/api/applications", owner.auth, applicationPayload(meetingId, over));
  expect(res.statusCode).toBe(201);
  return { owner, id: (res.json() as ApplicationDto)._id };
}

/** `n` Pending requests of the meeting, made on one day after another: their ids, oldest first. */
async function requestsOnDays(meetingId: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const over = { createdAt: new Date(Date.UTC(2030, 0, i + 1)) };
    ids.push((await buildApplication(t.app, { meetingId, userId: null, over })).id);
  }
  return ids;
}

describe("POST /api/applications/bulk", () => {
  it("approves many in one go and says why the others did not change", async () => {
    const meeting = await buildMeeting(t.app);
    const apps = await Promise.all(
      [1, 2, 3, 4, 5].map(() => buildApplication(t.app, { meetingId: meeting.id, userId: null })),
    );
    const already = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { status: "Approved" },
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    const { status, body } = await bulk({
      action: "approve",
      ids: [...apps.map((a) => a.id), already.id, missing],
    });
    expect(status).toBe(200);
    expect(body.changed).toBe(5);
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        { _id: already.id, name: `${already.firstName} ${already.lastName}`, reason: "Already Approved" },
        { _id: missing, name: "", reason: "Application not found" },
      ]),
    );
    expect(body.message).toBe("5 approved, 2 not changed");
    expect((await list(`meetingId=${meeting.id}&status=approved`)).pagination.total).toBe(6);
    const history = await historyOf(apps[0]?.id ?? "", admin.auth);
    expect(history).toMatchObject([{ kind: "status_changed", fromStatus: "Pending", toStatus: "Approved" }]);
    await drainMailQueue(t.app.ctx);
    const issued = await t.app.ctx.db
      .select()
      .from(letters)
      .where(eq(letters.applicationId, apps[0]?.id ?? ""));
    expect(issued).toHaveLength(1);
  });

  it("approves a page of a hundred as one piece of work: letters in turn, each applicant told once", async () => {
    const meeting = await buildMeeting(t.app);
    const owned = await Promise.all(Array.from({ length: 12 }, () => ownedApplication(meeting.id)));
    const others = await Promise.all(
      Array.from({ length: 88 }, () => buildApplication(t.app, { meetingId: meeting.id, userId: null })),
    );
    await drainMailQueue(t.app.ctx);
    const before = t.mailer.sent.length;
    const db = t.app.ctx.db;
    const transactions = await countTransactions(db, async () => {
      const { body } = await bulk({
        action: "approve",
        ids: [...owned.map((o) => o.id), ...others.map((a) => a.id)],
      });
      expect(body.changed).toBe(100);
      await workSettled(t.app.ctx);
    });
    // The decision's own, each letter's, and the mails' one: an event per request had been a
    // hundred signings and a hundred lock-and-check transactions at once.
    expect(transactions).toBeLessThan(1 + 100 + 5);
    const issued = await db
      .select({ id: letters.applicationId })
      .from(letters)
      .where(inArray(letters.applicationId, [...owned.map((o) => o.id), ...others.map((a) => a.id)]));
    expect(issued).toHaveLength(100);
    await drainMailQueue(t.app.ctx);
    await drainMailQueue(t.app.ctx);
    const mails = t.mailer.sent.slice(before);
    for (const { owner } of owned) {
      const theirs = mails.filter((m) => m.to === owner.user.email);
      expect(theirs, owner.user.email).toHaveLength(1);
      expect(theirs[0]?.attachments?.length, owner.user.email).toBe(1);
    }
  });

  it("leaves a request whose status changed since the admin chose it, saying so", async () => {
    const meeting = await buildMeeting(t.app);
    const [kept, moved] = await Promise.all(
      [1, 2].map(() => buildApplication(t.app, { meetingId: meeting.id, userId: null })),
    );
    if (!kept || !moved) throw new Error("not built");
    // Another admin rejects one while this admin's list still shows it Pending.
    const other = await buildUser(t.app, { isAdmin: true });
    await bulk({ action: "reject", ids: [moved.id], reason: "Incomplete" }, other.auth);
    const { body } = await bulk({
      action: "approve",
      ids: [kept.id, moved.id],
      seen: { [kept.id]: "Pending", [moved.id]: "pending" },
    });
    expect(body.changed).toBe(1);
    expect(body.skipped).toEqual([
      {
        _id: moved.id,
        name: `${moved.firstName} ${moved.lastName}`,
        reason: "Changed to Rejected by someone else since you chose it",
      },
    ]);
    expect((await read(moved.id, admin.auth)).status).toBe("Rejected");
    expect((await bulk({ action: "approve", ids: [kept.id], seen: { [kept.id]: "Later" } })).status).toBe(
      400,
    );
    // The decisions' mail goes now, not into the next test's outbox.
    await drainMailQueue(t.app.ctx);
  });

  it("rejects with a reason the applicant reads on the page, in the history and in the mail", async () => {
    const meeting = await buildMeeting(t.app);
    const { owner, id } = await ownedApplication(meeting.id);
    t.mailer.sent.length = 0;
    const { body } = await bulk({ action: "reject", ids: [id], reason: "Not registered for the meeting" });
    expect(body).toMatchObject({ changed: 1, skipped: [], message: "1 rejected" });
    const seen = await read(id, owner.auth);
    expect(seen).toMatchObject({ status: "Rejected", statusReason: "Not registered for the meeting" });
    expect(seen.warnings).toBeUndefined();
    expect(await historyOf(id, owner.auth)).toMatchObject([
      { kind: "status_changed", toStatus: "Rejected", reason: "Not registered for the meeting" },
    ]);
    await drainMailQueue(t.app.ctx);
    const mail = t.mailer.sent.find((m) => m.subject.includes("is now Rejected"));
    expect(mail?.text).toContain("The reason given: Not registered for the meeting");
  });

  it("keeps the reason sent with PUT, and works without one for the original clients", async () => {
    const meeting = await buildMeeting(t.app);
    const a = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const res = await inject("PUT", `/api/applications/${a.id}`, admin.auth, {
      status: "Rejected",
      reason: "Too late",
    });
    expect(res.json()).toMatchObject({ status: "Rejected", statusReason: "Too late" });
    const again = await inject("PUT", `/api/applications/${a.id}`, admin.auth, { status: "Approved" });
    expect(again.json()).toMatchObject({ status: "Approved", statusReason: "" });
    const bad = await inject("PUT", `/api/applications/${a.id}`, admin.auth, {
      status: "Rejected",
      reason: "a\nb",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/reason/);
  });

  it("resends approved letters only and refuses non-admins", async () => {
    const meeting = await buildMeeting(t.app);
    const approved = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { status: "Approved" },
    });
    const pending = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const { body } = await bulk({ action: "resend", ids: [approved.id, pending.id] });
    expect(body.changed).toBe(1);
    expect(body.skipped).toEqual([
      {
        _id: pending.id,
        name: `${pending.firstName} ${pending.lastName}`,
        reason: "Only an approved application's letter can be sent",
      },
    ]);
    const user = await buildUser(t.app);
    expect((await bulk({ action: "approve", ids: [pending.id] }, user.auth)).status).toBe(403);
    expect((await bulk({ action: "explode", ids: [pending.id] })).status).toBe(400);
    expect((await bulk({ action: "approve", ids: [] })).status).toBe(400);
  });
});

describe("a bulk resend that meets a fault", () => {
  it("queues none of its letters, so trying again sends each applicant one", async () => {
    const meeting = await buildMeeting(t.app);
    const approved = [];
    for (const n of [1, 2, 3])
      approved.push(
        await buildApplication(t.app, {
          meetingId: meeting.id,
          userId: null,
          over: { status: "Approved", email: `resend.fault${n}@example.test` },
        }),
      );
    const ids = approved.map((a) => a.id);
    const last = ids[2] as string;
    const queued = async () =>
      (await t.app.ctx.db.select().from(mailJobs).where(inArray(mailJobs.applicationId, ids))).map(
        (j) => j.applicationId,
      );
    // The database refuses the last of them, as a fault would, after the others could be queued.
    await t.app.ctx.db.execute(
      sql.raw(`create function refuse_resend() returns trigger language plpgsql as $$
      begin if new.application_id = '${last}' then raise exception 'mail queue unavailable'; end if;
      return new; end $$`),
    );
    await t.app.ctx.db.execute(
      sql`create trigger refuse_resend before insert on mail_jobs for each row execute function refuse_resend()`,
    );
    try {
      const failed = await bulk({ action: "resend", ids });
      expect(failed.status).toBe(500);
      // Said in words: nothing went out, and trying again is safe.
      expect(failed.body).toEqual({
        message:
          "No letter was queued, so nobody was e-mailed: the resend failed on the server. Please try again.",
        tryAgain: true,
      });
      expect(JSON.stringify(failed.body)).not.toContain("mail queue unavailable");
      expect(await queued()).toEqual([]);
    } finally {
      await t.app.ctx.db.execute(sql`drop trigger refuse_resend on mail_jobs`);
      await t.app.ctx.db.execute(sql`drop function refuse_resend()`);
    }
    const retried = await bulk({ action: "resend", ids });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      changed: 3,
      skipped: [],
      message: "3 letters queued to be e-mailed",
    });
    expect((await queued()).sort()).toEqual([...ids].sort());
    await drainMailQueue(t.app.ctx);
    for (const a of approved) expect(t.mailer.sent.filter((m) => m.to === a.email)).toHaveLength(1);
  });
});

describe("notes, messages and requests for changes", () => {
  it("keeps notes from the applicant and mails messages to them", async () => {
    const meeting = await buildMeeting(t.app);
    const { owner, id } = await ownedApplication(meeting.id);
    t.mailer.sent.length = 0;
    expect(
      (await inject("POST", `/api/applications/${id}/notes`, admin.auth, { text: "Called the embassy" }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await inject("POST", `/api/applications/${id}/messages`, admin.auth, {
          text: "Please upload\nyour ticket",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await inject("POST", `/api/applications/${id}/notes`, owner.auth, { text: "x" })).statusCode,
    ).toBe(403);
    expect(
      (await inject("POST", `/api/applications/${id}/notes`, admin.auth, { text: " " })).statusCode,
    ).toBe(400);

    // Neither the application, its list row nor its history shows the applicant a note.
    const ownList = (await inject("GET", "/api/applications", owner.auth)).body;
    expect(ownList).toContain(id);
    const ownView = JSON.stringify([await read(id, owner.auth), await historyOf(id, owner.auth), ownList]);
    expect(ownView).not.toContain("embassy");
    expect(ownView).toContain("your ticket");
    expect((await historyOf(id, admin.auth)).map((e) => e.kind)).toEqual(["created", "note", "message"]);
    await drainMailQueue(t.app.ctx);
    const mail = t.mailer.sent.find((m) => m.subject.startsWith("A message about your visa letter request"));
    expect(mail?.text).toContain("> Please upload\n> your ticket");
    expect(JSON.stringify(t.mailer.sent)).not.toContain("embassy");
  });

  it("reopens an approved request for the applicant's correction, Pending on the wire", async () => {
    const meeting = await buildMeeting(t.app);
    const { owner, id } = await ownedApplication(meeting.id);
    await bulk({ action: "approve", ids: [id] });
    await drainMailQueue(t.app.ctx);
    const res = await inject("POST", `/api/applications/${id}/request-changes`, admin.auth, {
      text: "Your passport number looks wrong",
    });
    expect(res.statusCode).toBe(200);
    expect(await read(id, owner.auth)).toMatchObject({ status: "Pending", changesRequested: true });
    const [letter] = await t.app.ctx.db.select().from(letters).where(eq(letters.applicationId, id));
    expect(letter?.revocationReason).toBe("withdrawn");
    // The public page keeps a reason that tells an officer nothing private.
    const verified = await t.app.inject({ method: "GET", url: `/api/verify/${letter?.reference}` });
    expect(verified.json()).toMatchObject({ status: "revoked", revocationReason: "withdrawn" });
    // The secretariat and the applicant read the real cause.
    expect((await historyOf(id, admin.auth)).find((e) => e.kind === "letter_revoked")).toMatchObject({
      text: letter?.reference,
      reason: "changes_requested",
    });
    const own = await historyOf(id, owner.auth);
    expect(own.map((e) => e.kind)).toEqual(["status_changed", "status_changed", "changes_requested"]);
    expect(own[1]).toMatchObject({
      fromStatus: "Approved",
      toStatus: "Pending",
      reason: "Changes were requested; the letter issued earlier is no longer valid.",
    });
    // The applicant is told the letter they hold is no longer valid, or they might travel with it.
    await drainMailQueue(t.app.ctx);
    const asked = t.mailer.sent.find((m) => m.text.includes("asks you to correct"));
    expect(asked?.text).toContain("The letter issued earlier for this request is no longer valid.");
    const edit = await inject("PUT", `/api/applications/${id}`, owner.auth, { passportNumber: "Z7654321" });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ changesRequested: false, status: "Pending" });
  });

  it("asks for changes to a Pending request without speaking of a letter", async () => {
    const meeting = await buildMeeting(t.app);
    const { id } = await ownedApplication(meeting.id);
    const res = await inject("POST", `/api/applications/${id}/request-changes`, admin.auth, {
      text: "Please add your hotel",
    });
    expect(res.statusCode).toBe(200);
    await drainMailQueue(t.app.ctx);
    const asked = t.mailer.sent.find(
      (m) => m.text.includes("asks you to correct") && m.text.includes("hotel"),
    );
    expect(asked).toBeDefined();
    expect(asked?.text).not.toContain("letter issued earlier");
  });
});

describe("the list's filters, warnings and search", () => {
  it("filters by status and by warnings, and marks each row's warnings", async () => {
    const meeting = await buildMeeting(t.app, { startDate: "2030-03-02", endDate: "2030-03-06" });
    // The factory's rows share a name and birthdate: the same person twice, unless told otherwise.
    const twin = { passportNumber: "DUP-111", passportKey: "DUP111" };
    const a = await buildApplication(t.app, { meetingId: meeting.id, userId: null, over: twin });
    const b = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { ...twin, status: "Rejected", firstName: "Other" },
    });
    const clean = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { firstName: "Third" },
    });
    const rejected = await list(`meetingId=${meeting.id}&status=Rejected`);
    expect(rejected.applications.map((x) => x._id)).toEqual([b.id]);
    const warned = await list(`meetingId=${meeting.id}&warnings=true`);
    expect(warned.applications.map((x) => x._id).sort()).toEqual([a.id, b.id].sort());
    expect(warned.pagination.total).toBe(2);
    expect(warned.applications[0]?.warnings?.map((w) => w.code)).toEqual(["duplicate-passport"]);
    const all = await list(`meetingId=${meeting.id}`);
    expect(all.applications.find((x) => x._id === clean.id)?.warnings).toEqual([]);
    expect((await read(a.id, admin.auth)).warnings?.map((w) => w.code)).toEqual(["duplicate-passport"]);
    expect((await inject("GET", `/api/applications?admin=true&status=Maybe`, admin.auth)).statusCode).toBe(
      400,
    );
  });

  it("compares each request with its own meeting only when filtering all meetings by warnings", async () => {
    const passport = { passportNumber: "CROSS-222", passportKey: "CROSS222" };
    // The factory's travel dates fall within these days: the passport is each request's only question.
    const days = { startDate: "2030-03-02", endDate: "2030-03-06" };
    const first = await buildMeeting(t.app, days);
    const second = await buildMeeting(t.app, days);
    // The same passport in another meeting is no duplicate; twice in one meeting it is.
    await buildApplication(t.app, { meetingId: first.id, userId: null, over: passport });
    const pair = [
      await buildApplication(t.app, {
        meetingId: second.id,
        userId: null,
        over: { ...passport, firstName: "Pair" },
      }),
      await buildApplication(t.app, {
        meetingId: second.id,
        userId: null,
        over: { ...passport, firstName: "Twin" },
      }),
    ];
    const warned = await list("warnings=true&search=CROSS222");
    expect(warned.applications.map((x) => x._id).sort()).toEqual(pair.map((p) => p.id).sort());
    expect(warned.applications.map((x) => x.warnings?.map((w) => w.code))).toEqual([
      ["duplicate-passport"],
      ["duplicate-passport"],
    ]);
  });

  it("filters by every rule over the meeting: travel days, passport expiry, the same person spelled apart", async () => {
    const meeting = await buildMeeting(t.app, { startDate: "2030-03-02", endDate: "2030-03-06" });
    const made = async (over: Record<string, string>) =>
      (await buildApplication(t.app, { meetingId: meeting.id, userId: null, over })).id;
    // The same person (accents and case apart), each with a passport of their own.
    const person = { birthdate: "1980-02-03", firstName: "Zoë", lastName: "Müller, Jr" };
    const same = [
      await made({ ...person, passportNumber: "PA1", passportKey: "PA1" }),
      await made({
        ...person,
        firstName: "ZOE",
        lastName: "muller jr",
        passportNumber: "PA2",
        passportKey: "PA2",
      }),
    ];
    const arrival = await made({ birthdate: "1981-01-01", passportKey: "PB1", dateOfArrival: "2030-01-02" });
    const departure = await made({
      birthdate: "1982-01-01",
      passportKey: "PB2",
      dateOfDeparture: "2030-05-01",
    });
    const expiry = await made({
      birthdate: "1983-01-01",
      passportKey: "PB3",
      passportExpirationDate: "2030-04-01",
    });
    // Valid for six months after the factory's arrival (2030-03-01), not after its departure
    // (2030-03-08): warned only when the rule reads the departure as the departure.
    const expiryAfterArrival = await made({
      birthdate: "1984-01-01",
      passportKey: "PB6",
      passportExpirationDate: "2030-09-05",
    });
    const young = await made({ birthdate: "2025-01-01", passportKey: "PB4" });
    // The same birthdate as the pair but another name: no warning.
    await made({ ...person, firstName: "Zoran", passportKey: "PB5" });
    const warned = await list(`meetingId=${meeting.id}&warnings=true`);
    const codes = new Map(warned.applications.map((x) => [x._id, x.warnings?.map((w) => w.code)]));
    expect(Object.fromEntries(codes)).toEqual({
      [same[0] as string]: ["duplicate-person"],
      [same[1] as string]: ["duplicate-person"],
      [arrival]: ["arrival-outside-meeting"],
      [departure]: ["departure-outside-meeting"],
      [expiry]: ["passport-expires-soon"],
      [expiryAfterArrival]: ["passport-expires-soon"],
      [young]: ["implausible-birthdate"],
    });
    expect(warned.pagination.total).toBe(7);
  });

  it("finds names without accents, passport numbers as typed and letter references", async () => {
    const meeting = await buildMeeting(t.app);
    const muller = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: {
        firstName: "Jürgen",
        lastName: "Müller",
        passportNumber: "C01X00T47",
        passportKey: "C01X00T47",
      },
    });
    const sao = await buildApplication(t.app, {
      meetingId: meeting.id,
      userId: null,
      over: { firstName: "João", lastName: "São Paulo" },
    });
    await bulk({ action: "approve", ids: [sao.id] });
    await drainMailQueue(t.app.ctx);
    const [letter] = await t.app.ctx.db.select().from(letters).where(eq(letters.applicationId, sao.id));
    const found = async (term: string) =>
      (await list(`meetingId=${meeting.id}&search=${encodeURIComponent(term)}`)).applications.map(
        (x) => x._id,
      );
    expect(await found("muller")).toEqual([muller.id]);
    expect(await found("jurgen mull")).toEqual([muller.id]);
    expect(await found("sao")).toEqual([sao.id]);
    expect(await found("São")).toEqual([sao.id]);
    expect(await found("c01x 00t-47")).toEqual([muller.id]);
    expect(await found(letter?.reference.toLowerCase() ?? "none")).toEqual([sao.id]);
    // As read aloud or copied from a printed letter: spaces for dashes.
    expect(await found(letter?.reference.replace(/-/g, " ") ?? "none")).toEqual([sao.id]);
    expect(await found("C01X00")).toEqual([]);
    // A reference is exact: the list is its application, within the list's other filters.
    const byReference = (query: string) =>
      list(`${query}&search=${encodeURIComponent(letter?.reference ?? "none")}`);
    expect((await byReference(`meetingId=${meeting.id}`)).pagination.total).toBe(1);
    expect((await byReference(`meetingId=${meeting.id}&status=pending`)).applications).toEqual([]);
    const other = await buildMeeting(t.app);
    expect((await byReference(`meetingId=${other.id}`)).applications).toEqual([]);
  });

  it("answers an application's neighbours in the filtered, sorted list", async () => {
    const meeting = await buildMeeting(t.app);
    const [first, second, third] = await requestsOnDays(meeting.id, 3);
    const res = await inject(
      "GET",
      `/api/applications/neighbours?meetingId=${meeting.id}&sortBy=createdAt&sortDirection=asc&id=${second}`,
      admin.auth,
    );
    expect(res.json() as NeighboursDto).toEqual({ previous: first, next: third, position: 2, total: 3 });
  });
});

describe("GET /api/applications/neighbours of a request no longer in the list", () => {
  it("answers the listed requests around where it would be, not the ones it had", async () => {
    const meeting = await buildMeeting(t.app);
    const [first, second, third, fourth] = await requestsOnDays(meeting.id, 4);
    const neighbours = async (id: string | undefined) => {
      const query = `meetingId=${meeting.id}&status=pending&sortBy=createdAt&sortDirection=asc&id=${id}`;
      const res = await inject("GET", `/api/applications/neighbours?${query}`, admin.auth);
      expect(res.statusCode).toBe(200);
      return res.json() as NeighboursDto;
    };
    // The reviewer approves the second: it leaves the Pending list. Another admin approves the third.
    expect((await bulk({ action: "approve", ids: [second, third] })).body.changed).toBe(2);
    expect(await neighbours(second)).toEqual({ previous: first, next: fourth, position: 0, total: 2 });
    // A request of no list at all (deleted meanwhile, or never there) has none.
    expect(await neighbours("00000000-0000-4000-8000-000000000000")).toEqual({
      previous: null,
      next: null,
      position: 0,
      total: 2,
    });
  });
});

describe("GET /api/applications/neighbours of a request just decided, in each sort order", () => {
  const SORTS = ["createdAt", "status", "visaAppointmentDate"] as const;
  const ORDERS = SORTS.flatMap((sortBy) =>
    (["asc", "desc"] as const).flatMap((sortDirection) =>
      ["pending", ""].map((status) => ({ sortBy, sortDirection, status })),
    ),
  );

  it("names those around where it stood in the list as the admin saw it", async () => {
    const meeting = await buildMeeting(t.app);
    // Seven requests on one day after another, with appointments in another order (one without).
    const made: [ApplicationDto["status"], string | null][] = [
      ["Pending", "2030-02-10"],
      ["Approved", "2030-02-05"],
      ["Pending", null],
      ["Pending", "2030-02-08"],
      ["Rejected", "2030-02-20"],
      ["Pending", "2030-02-15"],
      ["Pending", "2030-02-03"],
    ];
    const ids: string[] = [];
    for (const [i, [status, visaAppointmentDate]] of made.entries()) {
      const over = { status, visaAppointmentDate, createdAt: new Date(Date.UTC(2030, 0, i + 1)) };
      ids.push((await buildApplication(t.app, { meetingId: meeting.id, userId: null, over })).id);
    }
    const decided = ids[3] as string;
    const queryOf = (o: (typeof ORDERS)[number]) =>
      `meetingId=${meeting.id}&sortBy=${o.sortBy}&sortDirection=${o.sortDirection}&status=${o.status}`;
    const listed = async (o: (typeof ORDERS)[number]) =>
      (await list(queryOf(o))).applications.map((a) => a._id);
    const neighbours = async (o: (typeof ORDERS)[number], seen = "") => {
      const seenStatus = seen ? `&seenStatus=${seen}` : "";
      const url = `/api/applications/neighbours?${queryOf(o)}&id=${decided}${seenStatus}`;
      const res = await inject("GET", url, admin.auth);
      expect(res.statusCode).toBe(200);
      return res.json() as NeighboursDto;
    };
    /** The neighbours of `id` in `list`, as the list's own order has them. */
    const around = (list: string[], id: string, listedNow: boolean) => {
      const at = list.indexOf(id);
      return {
        previous: list[at - 1] ?? null,
        next: list[at + 1] ?? null,
        position: listedNow ? at + 1 : 0,
        total: listedNow ? list.length : list.length - 1,
      };
    };
    // The lists as the admin saw them, the request somewhere in the middle of each.
    const seen = new Map<(typeof ORDERS)[number], string[]>();
    for (const o of ORDERS) {
      const ids = await listed(o);
      expect(ids.indexOf(decided), JSON.stringify(o)).toBeGreaterThan(0);
      expect(ids.indexOf(decided), JSON.stringify(o)).toBeLessThan(ids.length - 1);
      seen.set(o, ids);
      expect(await neighbours(o), JSON.stringify(o)).toEqual(around(ids, decided, true));
    }

    expect((await bulk({ action: "approve", ids: [decided] })).body.changed).toBe(1);
    const got: object[] = [];
    const want: object[] = [];
    for (const o of ORDERS) {
      const before = seen.get(o) ?? [];
      const now = await listed(o);
      got.push({ order: o, neighbours: await neighbours(o) });
      // As the review page asks: with the status it saw the request with.
      got.push({ order: o, seen: "Pending", neighbours: await neighbours(o, "pending") });
      if (o.status) {
        // It left the Pending list: its neighbours are those it had there, which are still listed.
        expect(now).toEqual(before.filter((id) => id !== decided));
        want.push({ order: o, neighbours: around(before, decided, false) });
        want.push({ order: o, seen: "Pending", neighbours: around(before, decided, false) });
      } else {
        // Still listed, where Approved sorts in a sort by status (around its place there now),
        // unless placed by the status it was seen with: where it stood.
        if (o.sortBy !== "status") expect(now).toEqual(before);
        want.push({ order: o, neighbours: around(now, decided, true) });
        want.push({ order: o, seen: "Pending", neighbours: around(before, decided, true) });
      }
    }
    expect(got).toEqual(want);
    const wrong = await inject(
      "GET",
      `/api/applications/neighbours?meetingId=${meeting.id}&id=${decided}&seenStatus=Closed`,
      admin.auth,
    );
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 400,
      body: expect.objectContaining({ message: expect.stringContaining("seenStatus") }),
    });
  });
});

describe("each page's warnings", () => {
  it("mark a row whose twin is on another page, by passport and by person", async () => {
    const meeting = await buildMeeting(t.app, { startDate: "2030-03-02", endDate: "2030-03-06" });
    const build = (over: Parameters<typeof buildApplication>[1]["over"]) =>
      buildApplication(t.app, { meetingId: meeting.id, userId: null, over });
    const samePassport = { passportNumber: "PAGE-222", passportKey: "PAGE222" };
    const una = await build({ ...samePassport, firstName: "Una" });
    const dos = await build({ ...samePassport, firstName: "Dos" });
    const person = { birthdate: "1970-07-07" };
    const zoe = await build({
      ...person,
      firstName: "Zoë",
      lastName: "Núñez",
      passportNumber: "P-1",
      passportKey: "P1",
    });
    const zoe2 = await build({
      ...person,
      firstName: "zoe",
      lastName: "Nunez",
      passportNumber: "P-2",
      passportKey: "P2",
    });
    const expected = new Map([
      [una.id, ["duplicate-passport"]],
      [dos.id, ["duplicate-passport"]],
      [zoe.id, ["duplicate-person"]],
      [zoe2.id, ["duplicate-person"]],
    ]);
    for (let page = 1; page <= 4; page++) {
      const res = await inject(
        "GET",
        `/api/applications?admin=true&meetingId=${meeting.id}&limit=1&page=${page}`,
        admin.auth,
      );
      const [row] = (res.json() as { applications: ApplicationDto[] }).applications;
      expect(row?.warnings?.map((w) => w.code)).toEqual(expected.get(row?._id ?? ""));
    }
  });
});

describe("who a duplicate warning is about", () => {
  it("names the other requests to admins, and nothing of them to the applicant", async () => {
    const meeting = await buildMeeting(t.app);
    const { owner, id: mine } = await ownedApplication(meeting.id, {
      firstName: "Ana",
      lastName: "Duplo",
      birthdate: "1985-04-04T00:00:00.000Z",
      passportNumber: "DUP-4711",
    });
    const build = (over: Parameters<typeof buildApplication>[1]["over"]) =>
      buildApplication(t.app, { meetingId: meeting.id, userId: null, over });
    // Same passport, someone else's name; and the same person (name and birthdate) on another passport.
    const twin = await build({
      firstName: "Beatriz",
      lastName: "Otra",
      passportNumber: "DUP4711",
      passportKey: "DUP4711",
      status: "Approved",
    });
    const again = await build({ firstName: "ana", lastName: "DUPLO", birthdate: "1985-04-04" });
    // Not the same: another name on that birthdate.
    await build({ firstName: "Carla", lastName: "Duplo", birthdate: "1985-04-04" });
    const expected = [
      {
        code: "duplicate-passport",
        others: [{ _id: twin.id, firstName: "Beatriz", lastName: "Otra", status: "Approved" }],
      },
      {
        code: "duplicate-person",
        others: [{ _id: again.id, firstName: "ana", lastName: "DUPLO", status: "Pending" }],
      },
    ];
    const duplicates = (dto: Pick<ApplicationDto, "warnings"> | undefined) =>
      dto?.warnings
        ?.filter((w) => w.code.startsWith("duplicate"))
        .map(({ code, others }) => ({ code, others }));

    // The review page, and the list's row in both views.
    expect(duplicates(await read(mine, admin.auth))).toEqual(expected);
    const inList = async (view: string) =>
      (await list(`meetingId=${meeting.id}&view=${view}`)).applications.find((a) => a._id === mine);
    expect(duplicates(await inList("full"))).toEqual(expected);
    expect(duplicates(await inList("summary"))).toEqual(expected);

    // The applicant reads their own request, alone and in their list: nothing of anyone else's.
    for (const url of [`/api/applications/${mine}`, "/api/applications"]) {
      const res = await inject("GET", url, owner.auth);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('"warnings"');
      for (const other of [twin.id, again.id, "Beatriz", "Otra"]) expect(res.body).not.toContain(other);
    }
  });
});

describe("the meeting's warning settings", () => {
  it("are written with the meeting, kept when not sent, and used by the warnings", async () => {
    const body = {
      name: "Settings meeting",
      location: "Oslo",
      startDate: "2030-03-02",
      endDate: "2030-03-06",
    };
    const created = await inject("POST", "/api/meetings", admin.auth, { ...body, datesToleranceDays: 0 });
    expect(created.json()).toMatchObject({ passportValidityMonths: 6, datesToleranceDays: 0 });
    const id = created.json()._id as string;
    const kept = await inject("PUT", `/api/meetings/${id}`, admin.auth, {
      ...body,
      passportValidityMonths: 3,
    });
    expect(kept.json()).toMatchObject({ passportValidityMonths: 3, datesToleranceDays: 0 });
    // The factory's travel days (March 1 to 8) fall outside March 2 to 6 with no days allowed.
    const a = await buildApplication(t.app, { meetingId: id, userId: null });
    expect((await read(a.id, admin.auth)).warnings?.map((w) => w.code)).toEqual([
      "arrival-outside-meeting",
      "departure-outside-meeting",
    ]);
    const bad = await inject("PUT", `/api/meetings/${id}`, admin.auth, { ...body, datesToleranceDays: -1 });
    expect(bad.statusCode).toBe(400);
  });
});

describe("GET and PUT /api/rejection-reasons", () => {
  it("starts with the defaults and keeps the organisation's own list", async () => {
    const start = await inject("GET", "/api/rejection-reasons", admin.auth);
    expect(start.json().reasons.length).toBeGreaterThan(2);
    const saved = await inject("PUT", "/api/rejection-reasons", admin.auth, {
      reasons: ["Too late", "Too late", "No ticket"],
    });
    expect(saved.json()).toEqual({ reasons: ["Too late", "No ticket"] });
    expect((await inject("GET", "/api/rejection-reasons", admin.auth)).json()).toEqual({
      reasons: ["Too late", "No ticket"],
    });
    expect((await inject("PUT", "/api/rejection-reasons", admin.auth, { reasons: [""] })).statusCode).toBe(
      400,
    );
    const user = await buildUser(t.app);
    expect((await inject("GET", "/api/rejection-reasons", user.auth)).statusCode).toBe(403);
  });
});
