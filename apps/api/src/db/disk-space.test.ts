import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applicationPayload, buildMeeting, buildUser, FACTORY_PASSWORD } from "../test/factories.js";
import { createTestApp } from "../test/test-app.js";
import { BOOKKEEPING_RESERVE, freeBytes, isDiskFull, WRITE_RESERVE, WriteRoom } from "./disk-space.js";

const diskFull = Object.assign(new Error('could not extend file "base/5/16390": No space left on device'), {
  code: "53100",
});

describe("a full disk", () => {
  it("is recognised through the ORM's wrapping and as a file system error", () => {
    expect(isDiskFull(new Error("Failed query", { cause: diskFull }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error("write failed"), { code: "ENOSPC" }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  });

  it("stops writes after a refusal until one succeeds, and lets them go on while there is room", () => {
    const dir = mkdtempSync(join(tmpdir(), "visa-room-"));
    const room = new WriteRoom(dir);
    const roomy = (freeBytes(dir) ?? 0) >= WRITE_RESERVE;
    expect(room.problem() === undefined).toBe(roomy);
    room.noteFailure(new Error("Failed query", { cause: diskFull }));
    expect(room.problem()).toMatch(/^No space left in DATA_DIR to write \(.+ free, 40\.0 MB kept in hand\)$/);
    room.noteWritten();
    expect(room.problem() === undefined).toBe(roomy);
    // A smaller reserve (bookkeeping's) is met where the whole one is not.
    expect(room.problem(0)).toBeUndefined();
    expect(room.problem(Number.MAX_SAFE_INTEGER)).toMatch(/^No space left in DATA_DIR to write/);
    expect(BOOKKEEPING_RESERVE).toBeLessThan(WRITE_RESERVE);
  });

  it("answers a write the database refused for lack of room with 507 and a message", async () => {
    const t = await createTestApp();
    try {
      t.app.post("/api/test-disk-full", async () => {
        throw new Error("Failed query: insert into documents", { cause: diskFull });
      });
      const res = await t.app.inject({ method: "POST", url: "/api/test-disk-full" });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({
        message: "The server has no space left to store this. Nothing was saved; please try again later.",
      });
    } finally {
      await t.close();
    }
  });

  it("still signs people in and out while short of room, and refuses what stores their data", async () => {
    const t = await createTestApp();
    try {
      const { user, auth } = await buildUser(t.app);
      const meeting = await buildMeeting(t.app);
      // Below the space kept in hand, above what bookkeeping may use of it.
      t.app.ctx.database.writeProblem = (reserve) =>
        reserve === BOOKKEEPING_RESERVE ? undefined : "No space left in DATA_DIR to write";
      const login = (password: string) =>
        t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password } });

      expect((await login("not-the-password")).statusCode).toBe(401);
      const signedIn = await login(FACTORY_PASSWORD);
      expect(signedIn.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${signedIn.json().token}` };
      expect((await t.app.inject({ method: "POST", url: "/api/auth/refresh", headers })).statusCode).toBe(
        200,
      );

      const created = await t.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: auth,
        payload: applicationPayload(meeting.id),
      });
      expect(created.statusCode).toBe(507);
      expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers })).statusCode).toBe(401);

      // With no room at all, a sign-in whose count cannot be stored is refused whatever the
      // password: no guess goes uncounted.
      await t.app.ctx.db.execute(sql`create function no_room() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file' using errcode = 'disk_full'; end $$`);
      await t.app.ctx.db.execute(
        sql`create trigger no_room before insert or update on rate_limits for each row execute function no_room()`,
      );
      expect((await login("not-the-password")).statusCode).toBe(507);
      expect((await login(FACTORY_PASSWORD)).statusCode).toBe(507);

      // Below what bookkeeping may use, nothing writes: the WAL's last room is never touched.
      await t.app.ctx.db.execute(sql`drop trigger no_room on rate_limits`);
      t.app.ctx.database.writeProblem = () => "No space left in DATA_DIR to write";
      expect((await login(FACTORY_PASSWORD)).statusCode).toBe(507);
    } finally {
      await t.close();
    }
  });
});
