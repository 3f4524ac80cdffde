import type { PurgePreviewDto } from "@visa/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { buildUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { FIRST_PURGE_DELAY_MS, PURGE_EVERY_MS, purgeScheduleOf } from "./purge-schedule.js";
import { meetingWithApplications, remaining } from "./purge-test-helpers.js";

// Only timeouts (the schedule's clock) are faked; the mail worker's polling interval, the
// database and the server run for real.
const TIMERS = ["setTimeout", "clearTimeout"] as const;

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

async function listening(purgeSchedule: "off" | "daily") {
  vi.useFakeTimers({ toFake: [...TIMERS] });
  t = await createTestApp({ purgeSchedule, purgeAfterDays: 180 });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return t;
}

describe("scheduled purge", () => {
  it("does nothing by itself unless PURGE_SCHEDULE is daily", async () => {
    const { app } = await listening("off");
    const { meeting } = await meetingWithApplications(app, 400, ["Approved", "Pending"]);
    expect(purgeScheduleOf(app.ctx)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(FIRST_PURGE_DELAY_MS + 2 * PURGE_EVERY_MS);
    expect(await remaining(app, [meeting.id])).toMatchObject({ applications: 2, purges: 0 });
  });

  it("runs shortly after start and then once a day, recording what it purged", async () => {
    const { app } = await listening("daily");
    const admin = await buildUser(app, { isAdmin: true });
    const first = await meetingWithApplications(app, 400, ["Approved", "Rejected"]);
    const kept = await meetingWithApplications(app, 30, ["Pending"]);
    const schedule = purgeScheduleOf(app.ctx);
    if (!schedule) throw new Error("the schedule did not start");

    await vi.advanceTimersByTimeAsync(FIRST_PURGE_DELAY_MS);
    await schedule.idle();
    expect(await remaining(app, [first.meeting.id])).toMatchObject({ applications: 0, purges: 1 });
    expect((await remaining(app, [kept.meeting.id])).applications).toBe(1);

    const second = await meetingWithApplications(app, 200, ["Pending"]);
    await vi.advanceTimersByTimeAsync(PURGE_EVERY_MS);
    await schedule.idle();
    expect(await remaining(app, [second.meeting.id])).toMatchObject({ applications: 0, purges: 2 });

    const res = await app.inject({ method: "GET", url: "/api/admin/purge", headers: admin.auth });
    const body = res.json() as PurgePreviewDto;
    expect(body.schedule).toBe("daily");
    expect(body.purges.map((p) => [p.meetingId, p.trigger, p.total])).toEqual(
      expect.arrayContaining([
        [first.meeting.id, "schedule", 2],
        [second.meeting.id, "schedule", 1],
      ]),
    );
  });
});

describe("PURGE_SCHEDULE", () => {
  const env = { DATA_DIR: "/tmp/visa-purge-config", JWT_SECRET: "x".repeat(40) };
  it("is off unless set to daily, and refuses anything else naming the variable", () => {
    expect(loadConfig(env).purgeSchedule).toBe("off");
    expect(loadConfig({ ...env, PURGE_SCHEDULE: "daily" }).purgeSchedule).toBe("daily");
    expect(() => loadConfig({ ...env, PURGE_SCHEDULE: "weekly" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, PURGE_SCHEDULE: "weekly" })).toThrow(/PURGE_SCHEDULE/);
  });
});
