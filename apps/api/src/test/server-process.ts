import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../../../..");

export interface ServerProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on now, as the operating system hands one out, for
 * a server started next: tests and scripts that run side by side, or beside a developer's
 * `npm start`, do not collide over a fixed port.
 */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });
}

/**
 * A server as its own process, started as `npm start` starts it (the compiled server, built first
 * if needed), in production mode with its own DATA_DIR; resolves once /api/health answers 200.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "visa-server-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () =>
    new Promise<void>((ok) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        ok();
      };
      if (child.exitCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, dataDir, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not become healthy in 240 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
