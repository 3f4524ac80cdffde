import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.js";
import { freeBytes, isDiskFull, WRITE_RESERVE, WriteRoom } from "./disk-space.js";

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
});
