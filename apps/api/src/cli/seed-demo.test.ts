import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, meetings, users } from "../db/schema.js";
import { drainMailQueue } from "../notifications/mail-queue.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { cliTarget } from "./cli-test-target.js";
import { seedDemo } from "./demo-seed.js";
import { runSeedDemoCli } from "./seed-demo.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("seedDemo", () => {
  it("seeds meetings, an admin, attendees and applications in every status, once", async () => {
    const first = await seedDemo(t.app.ctx.db, new Date("2030-06-15T12:00:00Z"));
    expect(first).toEqual({ skipped: false, meetings: 4, users: 11, applications: 19 });
    const again = await seedDemo(t.app.ctx.db);
    expect(again.skipped).toBe(true);
    expect(await t.app.ctx.db.select().from(applications)).toHaveLength(19);
    expect(await t.app.ctx.db.select().from(meetings)).toHaveLength(4);
  });

  it("has one past meeting, two upcoming open ones and one closed", async () => {
    const rows = await t.app.ctx.db.select().from(meetings).orderBy(meetings.startDate);
    expect(rows.map((m) => [m.startDate < "2030-06-15", m.isActive])).toEqual([
      [true, false],
      [false, true],
      [false, true],
      [false, false],
    ]);
  });

  it("the admin signs in with admin123 and sees the two open meetings", async () => {
    const res = await login("admin@example.com", "admin123");
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe("admin");
    const active = await t.app.inject({
      method: "GET",
      url: "/api/meetings/active",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(active.json()).toHaveLength(2);
  });

  it("attendees carry names from many scripts, sign in with demo123, and have every status", async () => {
    const people = await t.app.ctx.db.select().from(users).where(eq(users.isAdmin, false));
    const names = people.map((u) => `${u.firstName} ${u.lastName}`).join(" ");
    expect(names).toMatch(/\p{Script=Greek}/u);
    expect(names).toMatch(/\p{Script=Cyrillic}/u);
    expect(names).toMatch(/ễ/);
    expect((await login("sofia@example.com", "demo123")).statusCode).toBe(200);
    const statuses = new Set((await t.app.ctx.db.select().from(applications)).map((a) => a.status));
    expect([...statuses].sort()).toEqual(["Approved", "Pending", "Rejected"]);
  });

  it("the imported request becomes its attendee's when they register and verify the address", async () => {
    const [waiting] = await t.app.ctx.db.select().from(applications).where(isNull(applications.userId));
    expect(waiting?.email).toBe("juergen@example.com");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "juergen@example.com", password: "abcdef", firstName: "Jürgen", lastName: "Müller" },
    });
    const owner = async () => {
      const [row] = await t.app.ctx.db
        .select()
        .from(applications)
        .where(eq(applications.id, waiting?.id ?? ""));
      return row?.userId;
    };
    expect(await owner()).toBeNull();

    await drainMailQueue(t.app.ctx);
    const mail = t.mailer.sent.find((m) => m.to === "juergen@example.com");
    const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
    const verified = await t.app.inject({ method: "POST", url: `/api/auth/verify-email/${token}` });
    expect(verified.statusCode).toBe(200);
    expect(await owner()).toBe(res.json().userId);
  });
});

describe("seed:demo command", () => {
  it("seeds the configured database, closes it, and does nothing the second time", async () => {
    const target = await cliTarget();
    try {
      const lines: string[] = [];
      const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
      expect(await runSeedDemoCli([], target.env, out)).toBe(0);
      expect(lines.join("\n")).toContain("Seeded 4 meetings, 11 users and 19 applications.");
      expect(await runSeedDemoCli([], target.env, out)).toBe(0);
      expect(lines.at(-1)).toBe("Demo data is already there; nothing changed.");
      expect(await target.withDb((db) => db.select().from(applications))).toHaveLength(19);
    } finally {
      await target.cleanup();
    }
  });

  it("refuses arguments with its usage and exit code 2, before opening the database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "visa-seed-"));
    const errors: string[] = [];
    const out = { log: () => {}, error: (l: string) => errors.push(l) };
    expect(await runSeedDemoCli(["--email", "a@example.org"], { DATA_DIR: dataDir }, out)).toBe(2);
    expect(errors.join("\n")).toMatch(
      /^npm run seed:demo takes no arguments \(it was given 2\)\.\n\nUsage: npm run seed:demo/,
    );
    expect(existsSync(join(dataDir, "pgdata"))).toBe(false);
  });
});
