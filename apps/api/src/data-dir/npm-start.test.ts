import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock.js";

const ROOT = join(import.meta.dirname, "../../../..");
const PORT = 3638;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes DATA_DIR's lock within `ms`, or says it could not. */
async function lockWithin(dataDir: string, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(250)) {
    try {
      lockDataDir(dataDir, "the test").release();
      return true;
    } catch {
      // still held
    }
  }
  return false;
}

// A service manager stopping `npm start` signals npm alone; npm's shell dies without passing it on.
describe.skipIf(!!process.env.DATABASE_URL)("npm start", () => {
  it("stops the server and frees DATA_DIR when npm is sent SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "visa-npm-start-"));
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    let healthy = false;
    for (let i = 0; i < 480 && !healthy; i++) {
      healthy = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await sleep(250);
    }
    expect(healthy).toBe(true);
    npm.kill("SIGTERM");
    expect(await lockWithin(dataDir, 10_000)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${PORT}/api/health`)).rejects.toThrow();
  }, 180_000);
});
