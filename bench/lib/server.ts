import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { join } from "node:path";

export { freePort } from "../../apps/api/src/test/server-process.js";

export const REPO_ROOT = join(import.meta.dirname, "../..");

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Where the server's stdout and stderr go (kept for log checks). */
  logFile: string;
  logLevel?: string;
  jwtSecret?: string;
  env?: Record<string, string>;
  /** Extra Node.js flags (e.g. --cpu-prof for a profile of a run). */
  nodeArgs?: string[];
  /** The script to run instead of scripts/start.mjs (e.g. a copy of the compiled server). */
  entry?: string;
  /** Also count as started on a 503 `read-only` health (a start on a nearly full disk serves reads). */
  readOnlyIsUp?: boolean;
}

/** A JWT secret shared by the server and the scripts that sign test tokens. */
export const BENCH_JWT_SECRET = "bench-and-reliability-secret-0123456789abcdef";

/**
 * The API server as its own process, started as `npm start` does (`node scripts/start.mjs`: the
 * compiled server, built first when the build is missing or stale), in production mode, serving
 * the built web app: what a deployment runs, measured from outside.
 */
export class ServerProcess {
  private exited: Promise<number | null>;
  private exitCode: number | null | undefined;
  /** Milliseconds from the spawn to the first 200 of /api/health. */
  healthyAfterMs = Number.NaN;

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly options: ServerOptions,
  ) {
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        this.exitCode = code ?? (signal ? -1 : null);
        resolve(this.exitCode);
      }),
    );
  }

  /** Starts the server and resolves once /api/health answers 200. */
  static async start(options: ServerOptions, timeoutMs = 180_000): Promise<ServerProcess> {
    const log = createWriteStream(options.logFile, { flags: "a" });
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      JWT_SECRET: options.jwtSecret ?? BENCH_JWT_SECRET,
      LOG_LEVEL: options.logLevel ?? "warn",
      // A pool size to compare with the default (e.g. DATABASE_POOL_SIZE=20 npx tsx bench/...).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    };
    const child = spawn(
      process.execPath,
      [...(options.nodeArgs ?? []), options.entry ?? "scripts/start.mjs"],
      {
        cwd: REPO_ROOT,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const server = new ServerProcess(child, `http://127.0.0.1:${options.port}`, options);
    try {
      server.healthyAfterMs = await server.waitHealthy(timeoutMs);
    } catch (e) {
      // A server that never became healthy is not left running (on the port, holding DATA_DIR).
      await server.stop();
      throw e;
    }
    return server;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  /** Polls /api/health until 200 (or read-only, when asked); throws when the process exits or time runs out. */
  async waitHealthy(timeoutMs = 60_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.running) throw new Error(`server exited (${this.exitCode}); see ${this.options.logFile}`);
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return Date.now() - started;
        if (this.options.readOnlyIsUp && res.status === 503) {
          const { status } = (await res.json()) as { status?: string };
          if (status === "read-only") return Date.now() - started;
        }
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    throw new Error(`server not healthy after ${timeoutMs} ms; see ${this.options.logFile}`);
  }

  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): number {
    return procStatusKb(this.pid, "VmHWM") / 1024;
  }

  rssMb(): number {
    return procStatusKb(this.pid, "VmRSS") / 1024;
  }

  /** SIGKILL: no shutdown hooks, no flush; what a power cut or OOM kill does. */
  async kill9(): Promise<void> {
    this.child.kill("SIGKILL");
    await this.exited;
  }

  /** SIGTERM and wait for a clean exit. */
  async stop(): Promise<number | null> {
    if (!this.running) return this.exitCode ?? null;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 20_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

function procStatusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return m ? Number(m[1]) : Number.NaN;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
