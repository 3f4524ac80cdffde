import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** `npm start` as a user runs it: the server as its own process. */
const ROOT = join(import.meta.dirname, "../../..");
const dataDir = mkdtempSync(join(tmpdir(), "visa-main-"));

interface Run {
  code: number | null;
  err: string;
}

/** Starts the server on `port` and waits for it to exit, or stops it once it answers health. */
function start(port: number): Promise<Run & { healthy: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        PORT: String(port),
      },
    });
    let err = "";
    let healthy = false;
    child.stderr.on("data", (d) => {
      err += d;
    });
    const poll = setInterval(async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok && !healthy) {
          healthy = true;
          child.kill("SIGTERM");
        }
      } catch {
        // not listening yet
      }
    }, 250);
    child.on("exit", (code) => {
      clearInterval(poll);
      resolve({ code, err: err.trim(), healthy });
    });
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
}

// The DATA_DIR of the embedded database: nothing of it runs on a PostgreSQL server.
describe.skipIf(!!process.env.DATABASE_URL)("starting on a port another program holds", () => {
  // Hangs up on every connection, so the health checks in between fail at once.
  const holder = createServer((socket) => socket.destroy());
  afterAll(() => {
    holder.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("says so in one line and exits, leaving DATA_DIR to the next start", async () => {
    const port = await listen(holder);
    const refused = await start(port);
    expect(refused.healthy).toBe(false);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `Port ${port} on 127.0.0.1 is already in use by another program (perhaps another server of this portal): stop it, or start this one on another port, e.g. PORT=${port + 1} npm start`,
    );

    await new Promise<void>((resolve) => holder.close(() => resolve()));
    const next = await start(port);
    expect(next.healthy).toBe(true);
    expect(next.code).toBe(0);
  }, 120_000);
});
