import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, letters, mailJobs, meetingPurges } from "../db/schema.js";
import { meetingWithApplications } from "../purge/purge-test-helpers.js";
import {
  applicationPayload,
  buildApplication,
  buildMeeting,
  buildUser,
  FACTORY_PASSWORD,
} from "../test/factories.js";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";
import { createTestApp, type TestApp } from "../test/test-app.js";

// Two server processes on one PostgreSQL database: what a deployment of several processes relies
// on. Runs with DATABASE_URL (CI's PostgreSQL stage); scripts/two-servers.sh runs it on its own.
const serverUrl = process.env.DATABASE_URL;
const RATE_LIMIT = 4;

describe.skipIf(!serverUrl)("two servers on one PostgreSQL database", () => {
  let t: TestApp;
  let a: ServerProcess;
  let b: ServerProcess;
  const jwtSecret = randomBytes(32).toString("hex");

  beforeAll(async () => {
    // Rows are made through this in-process app (it does not listen, so it sends no mail).
    t = await createTestApp({ jwtSecret });
    const env = {
      DATABASE_URL: t.app.ctx.config.databaseUrl as string,
      JWT_SECRET: jwtSecret,
      AUTH_RATE_LIMIT: String(RATE_LIMIT),
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
  });

  const call = async (
    server: ServerProcess,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
  };

  /** Every .eml file written by either server, as text. */
  const outboxes = () => [a, b].flatMap(outbox);
  const outbox = (s: ServerProcess): string[] => {
    const dir = join(s.dataDir, "outbox");
    if (!existsSync(dir)) return [];
    return readdirSync(dir).map((n) => readFileSync(join(dir, n), "utf8"));
  };

  const until = async (what: string, done: () => Promise<boolean>, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  it("counts failed logins once across both servers", async () => {
    const { user } = await buildUser(t.app);
    const statuses: string[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      const r = await call(server, "POST", "/api/auth/login", undefined, {
        email: user.email,
        password: "wrong-password",
      });
      statuses.push(`${server === a ? "A" : "B"}:${r.status}`);
    }
    // Counted per process, each server would allow RATE_LIMIT failures: 429 only from the 9th on.
    expect(statuses).toEqual(["A:401", "B:401", "A:401", "B:401", "A:429", "B:429"]);
    const right = await call(b, "POST", "/api/auth/login", undefined, {
      email: user.email,
      password: FACTORY_PASSWORD,
    });
    expect(right.status).toBe(429);
  });

  it("shows on one server what was written on the other, in its list too", async () => {
    const admin = await buildUser(t.app, { isAdmin: true });
    const applicant = await buildUser(t.app);
    const meeting = await buildMeeting(t.app);
    const list = `/api/applications?admin=true&meetingId=${meeting.id}`;
    // Read on B before the write on A: B must not answer from what it read then.
    for (let i = 0; i < 2; i++) expect((await call(b, "GET", list, admin.token)).status).toBe(200);

    const created = await call(
      a,
      "POST",
      "/api/applications",
      applicant.token,
      applicationPayload(meeting.id),
    );
    expect(created.status).toBe(201);
    const id = created.json._id as string;
    const onB = await call(b, "GET", list, admin.token);
    expect(onB.text).toContain(id);
    expect((await call(b, "GET", `/api/applications/${id}`, applicant.token)).json.companyName).toBe(
      created.json.companyName,
    );

    const edited = await call(b, "PUT", `/api/applications/${id}`, applicant.token, {
      ...applicationPayload(meeting.id),
      companyName: "Edited on B",
    });
    expect(edited.status).toBe(200);
    expect((await call(a, "GET", `/api/applications/${id}`, applicant.token)).json.companyName).toBe(
      "Edited on B",
    );
  });

  it("issues one letter when both servers approve the same application at the same moment", async () => {
    const admin = await buildUser(t.app, { isAdmin: true });
    const meeting = await buildMeeting(t.app);
    const application = await buildApplication(t.app, { meetingId: meeting.id, userId: null });
    const approve = (s: ServerProcess) =>
      call(s, "PUT", `/api/applications/${application.id}`, admin.token, { status: "Approved" });
    const answers = await Promise.all([approve(a), approve(b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);

    // The letter is issued when first needed: by the mail worker of either server, and by a
    // download asked of both at once.
    const downloads = await Promise.all(
      [a, b].map((s) =>
        fetch(`${s.url}/api/applications/${application.id}/pdf`, {
          headers: { authorization: `Bearer ${admin.token}` },
        }),
      ),
    );
    expect(downloads.map((d) => d.status)).toEqual([200, 200]);
    await Promise.all(downloads.map((d) => d.arrayBuffer()));
    await until("the letter's mail", async () => {
      const jobs = await t.app.ctx.db
        .select()
        .from(mailJobs)
        .where(and(eq(mailJobs.applicationId, application.id), eq(mailJobs.kind, "letter")));
      return jobs.length > 0 && jobs.every((j) => j.sentAt);
    });
    const letterJobs = await t.app.ctx.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.applicationId, application.id), eq(mailJobs.kind, "letter")));
    expect(letterJobs).toHaveLength(1);
    const issued = await t.app.ctx.db.select().from(letters).where(eq(letters.applicationId, application.id));
    expect(issued).toHaveLength(1);
    const mailed = outboxes().filter((m) => m.includes(application.email) && m.includes("application/pdf"));
    expect(mailed).toHaveLength(1);
  });

  it("sends each queued mail once, whichever server's worker claims it", async () => {
    const tag = randomBytes(4).toString("hex");
    const subjects = Array.from({ length: 40 }, (_, i) => `Queued ${tag} ${i}`);
    const rows = await t.app.ctx.db
      .insert(mailJobs)
      .values(
        subjects.map((subject) => ({
          kind: "message" as const,
          to: "someone@example.test",
          subject,
          text: "x",
        })),
      )
      .returning({ id: mailJobs.id });
    const ids = rows.map((r) => r.id);
    await until("every queued mail", async () => {
      const [left] = await t.app.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailJobs)
        .where(and(inArray(mailJobs.id, ids), isNull(mailJobs.sentAt)));
      return left?.n === 0;
    });
    const ours = (m: string) => m.includes(`Queued ${tag} `);
    const sent = outboxes().filter(ours);
    console.log(
      `${subjects.length} queued mails: ${outbox(a).filter(ours).length} sent by server A, ${outbox(b).filter(ours).length} by server B`,
    );
    expect(sent).toHaveLength(subjects.length);
    for (const subject of subjects) {
      expect(sent.filter((m) => m.includes(`Subject: ${subject}\n`))).toHaveLength(1);
    }
  });

  it("runs a purge asked of both servers at once only once", async () => {
    const admin = await buildUser(t.app, { isAdmin: true });
    const { meeting } = await meetingWithApplications(t.app, 400, ["Pending", "Approved", "Rejected"]);
    const purge = (s: ServerProcess) =>
      call(s, "POST", "/api/admin/purge", admin.token, { confirm: "Purge" });
    const answers = await Promise.all([purge(a), purge(b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const totals = answers.map((r) => r.json.total as number).sort();
    expect(totals).toEqual([0, 3]);
    const purges = await t.app.ctx.db
      .select()
      .from(meetingPurges)
      .where(eq(meetingPurges.meetingId, meeting.id));
    expect(purges).toHaveLength(1);
    expect(purges[0]?.total).toBe(3);
    const left = await t.app.ctx.db.select().from(applications).where(eq(applications.meetingId, meeting.id));
    expect(left).toHaveLength(0);
  });
});
