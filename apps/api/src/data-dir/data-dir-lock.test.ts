import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DataDirInUseError,
  type DataDirLock,
  lockDataDir,
  lockDataDirAfterCommands,
} from "./data-dir-lock.js";

const fresh = () => mkdtempSync(join(tmpdir(), "visa-lock-"));

describe("DATA_DIR lock", () => {
  it("refuses a second holder at once, naming the first, until the first lets go", () => {
    const dir = fresh();
    const first = lockDataDir(dir, "the server");
    let refused: unknown;
    try {
      lockDataDir(dir, "npm run admin", "stop it first");
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(DataDirInUseError);
    const message = (refused as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^${dir} is in use by the server \\(pid ${process.pid}, since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\): stop it first$`,
      ),
    );
    expect(message).not.toContain("\n");
    first.release();
    const second = lockDataDir(dir, "npm run admin");
    second.release();
  });

  it("has a starting server wait for a command holding DATA_DIR, saying so once", async () => {
    const dir = fresh();
    const command = lockDataDir(dir, "npm run seed:demo");
    const said: string[] = [];
    let started: DataDirLock | undefined;
    const starting = lockDataDirAfterCommands(dir, "the server", (line) => said.push(line)).then((lock) => {
      started = lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(started).toBeUndefined();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      new RegExp(
        `^${dir} is in use by npm run seed:demo \\(pid ${process.pid}, since [^)]+\\): waiting for it to finish$`,
      ),
    );
    command.release();
    await starting;
    expect(started).toBeDefined();
    // The server holds it now: a command is refused.
    expect(() => lockDataDir(dir, "npm run admin")).toThrow(DataDirInUseError);
    started?.release();
  });

  it("has a starting server refuse at once while another server holds DATA_DIR", async () => {
    const dir = fresh();
    const server = lockDataDir(dir, "the server");
    const said: string[] = [];
    await expect(lockDataDirAfterCommands(dir, "the server", (line) => said.push(line))).rejects.toThrow(
      /is in use by the server \(pid \d+, since [^)]+\): stop that process first, or give this one another DATA_DIR$/,
    );
    expect(said).toEqual([]);
    server.release();
  });

  it("tells later processes what the holder adds about itself", () => {
    const dir = fresh();
    const lock = lockDataDir(dir, "the server");
    lock.describe({ commands: true });
    try {
      lockDataDir(dir, "x");
    } catch (e) {
      expect((e as DataDirInUseError).holder).toMatchObject({ pid: process.pid, commands: true });
    } finally {
      lock.release();
    }
  });

  it("makes DATA_DIR 0700 and narrows what an older version left readable to others", () => {
    const dir = fresh();
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, "outbox"), { mode: 0o755 });
    writeFileSync(join(dir, "outbox", "old.eml"), "letter", { mode: 0o644 });
    chmodSync(join(dir, "outbox", "old.eml"), 0o666);
    const lock = lockDataDir(dir, "the server");
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, "outbox")).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, "outbox", "old.eml")).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, "data-dir.lock")).mode & 0o777).toBe(0o600);
    } finally {
      lock.release();
    }
  });
});
