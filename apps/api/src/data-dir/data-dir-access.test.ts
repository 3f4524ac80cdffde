import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ConfigError, loadServerConfig } from "../config.js";
import { lockDataDir } from "./data-dir-lock.js";

/**
 * A DATA_DIR this user may not write. Root may write anywhere, so the operating system's refusal
 * is played here: a directory whose name says which error opening its lock file meets.
 */
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const refusing =
    <T>(real: (...args: unknown[]) => T) =>
    (path: string, ...rest: unknown[]): T => {
      const refusal = /refused-(E[A-Z]+)/.exec(String(path))?.[1];
      if (refusal) throw Object.assign(new Error(`${refusal}: refused, open '${path}'`), { code: refusal });
      return real(path, ...rest);
    };
  const openSync = refusing(fs.openSync as (...args: unknown[]) => number);
  const writeFileSync = refusing(fs.writeFileSync as (...args: unknown[]) => void);
  return { ...fs, default: { ...fs, openSync, writeFileSync }, openSync, writeFileSync };
});

const dirRefusing = (code: string) => mkdtempSync(join(tmpdir(), `visa-refused-${code}-`));

describe("a DATA_DIR this user may not write", () => {
  it("says in one line whose it is to write and what to do", () => {
    const dir = dirRefusing("EACCES");
    expect(() => lockDataDir(dir, "the server")).toThrow(
      `${dir} may not be written by this user (EACCES): run this as the user who owns it, or give this user a DATA_DIR of its own`,
    );
  });

  it("says when the file system is read-only", () => {
    const dir = dirRefusing("EROFS");
    expect(() => lockDataDir(dir, "the server")).toThrow(
      `${dir} is on a read-only file system: give a DATA_DIR this user may write`,
    );
  });

  it("says the same at the server's start, before it keeps a token key there", () => {
    const dir = dirRefusing("EACCES");
    expect(() => loadServerConfig({ DATA_DIR: dir })).toThrow(
      new ConfigError(
        `Invalid configuration: DATA_DIR ${dir} may not be written by this user (EACCES): run this as the user who owns it, or give this user a DATA_DIR of its own`,
      ),
    );
  });

  it("still takes a DATA_DIR it may write", () => {
    const lock = lockDataDir(mkdtempSync(join(tmpdir(), "visa-lock-")), "the server");
    lock.release();
  });
});
