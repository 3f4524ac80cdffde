import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadServerConfig } from "../config.js";
import { lockDataDir } from "./data-dir-lock.js";

const ROOT = join(import.meta.dirname, "../../../..");
const JWT_SECRET = "k".repeat(40);
/** How long a refused start may take, tsx's loading of the server included: it must never hang. */
const DEADLINE_MS = 20_000;

/** The server started on DATA_DIR `dataDir`: its exit code and what it said, or null when it hung. */
function start(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: "3729", ...env },
    });
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
    });
    const hung = setTimeout(() => child.kill("SIGKILL"), DEADLINE_MS);
    child.on("exit", (code) => {
      clearTimeout(hung);
      resolve({ code, err: err.trim() });
    });
  });
}

const file = () => {
  const path = join(mkdtempSync(join(tmpdir(), "visa-unusable-")), "a-file");
  writeFileSync(path, "not a directory");
  return path;
};

// /proc takes no new files, even from root: the case CI, which runs as root, can play.
describe.skipIf(!existsSync("/proc/self"))("a DATA_DIR in /proc", () => {
  it.each([
    ["/proc/nope", "/proc/nope cannot be made: /proc takes no new files"],
    ["/proc/self/a/b", "/proc/self/a/b cannot be made: /proc/self takes no new files"],
    ["/proc", "/proc takes no new files"],
  ])(
    "%s stops the server with one line, at once, with or without JWT_SECRET",
    async (dataDir, said) => {
      for (const env of [{}, { JWT_SECRET }]) {
        const run = await start(dataDir, env);
        expect(run.code).toBe(1);
        expect(run.err).toContain(said);
        expect(run.err).toContain("give a DATA_DIR this user may write");
        expect(run.err).not.toContain("\n");
      }
    },
    60_000,
  );

  it("stops a server on PostgreSQL too, whose outbox it would be, at once", async () => {
    const run = await start("/proc/nope", { DATABASE_URL: "postgres://127.0.0.1:1/none" });
    expect(run).toEqual({
      code: 1,
      err: "Invalid configuration: DATA_DIR /proc/nope cannot be made: /proc takes no new files (a system directory, like /proc): give a DATA_DIR this user may write, or set SMTP_URL to send mail instead of keeping it there",
    });
    // With SMTP_URL, the server keeps nothing there.
    expect(() =>
      loadServerConfig({
        DATA_DIR: "/proc/nope",
        DATABASE_URL: "postgres://127.0.0.1:1/none",
        SMTP_URL: "smtp://127.0.0.1:1",
      }),
    ).not.toThrow();
  }, 60_000);

  // /proc/nope is left to the server's runs above: in this process, the hang would stop the tests.
  it("is refused by the lock in one line, as npm run admin, backup and restore take it", () => {
    expect(() => lockDataDir("/proc", "npm run admin")).toThrow(
      "/proc takes no new files (a system directory, like /proc): give a DATA_DIR this user may write",
    );
  });
});

describe("a file where DATA_DIR should be", () => {
  it("is refused by the lock in one line, not the file system's error", () => {
    for (const dataDir of [file(), join(file(), "data")]) {
      expect(() => lockDataDir(dataDir, "the server")).toThrow(
        `${dataDir} is a file or lies under one, not a directory: give a DATA_DIR that is a directory, or one that does not exist yet`,
      );
    }
  });
});
