import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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
 * Starts the product as `npm start` does (the compiled server with the built web app) on a fresh
 * embedded database and waits for health.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "visa-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "admin123",
      DATABASE_URL: "",
      SMTP_URL: "",
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
  // Migrations and the admin's password hash take a while when the two cores are busy.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not become healthy in 120 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, dataDir, stop };
}
