import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../apps/api/src/test/server-process.js";

export { freePort };

export const REPO_ROOT = join(import.meta.dirname, "../..");

export interface ServerOptions {
  /**
   * Where to listen. Omitted: a port free at the start (`freePort`), so runs side by side never
   * meet; should another program take it before the server listens, the server starts again on
   * another one.
   */
  port?: number;
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
  /** The last of what the process printed, for the error when it does not start. */
  private output = "";
  /** Milliseconds from the spawn to the first 200 of /api/health. */
  healthyAfterMs = Number.NaN;
  readonly url: string;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly options: ServerOptions,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        this.exitCode = code ?? (signal ? -1 : null);
        resolve(this.exitCode);
      }),
    );
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString("utf8")).slice(-4096);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
  }

  /**
   * Starts the server and resolves once /api/health answers 200 from it: an answer from another
   * process on the port (a run beside this one given the same --port) does not count.
   */
  static async start(options: ServerOptions, timeoutMs = 180_000): Promise<ServerProcess> {
    if (options.port !== undefined) return ServerProcess.startOn(options.port, options, timeoutMs);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        return await ServerProcess.startOn(port, options, timeoutMs);
      } catch (e) {
        // Taken by another process between freePort and the server's listen: rare, so a few
        // tries are plenty.
        if (!(e instanceof PortTaken) || attempt === 3) throw e;
      }
    }
  }

  private static async startOn(
    port: number,
    options: ServerOptions,
    timeoutMs: number,
  ): Promise<ServerProcess> {
    const log = createWriteStream(options.logFile, { flags: "a" });
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
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
    const server = new ServerProcess(child, port, options);
    try {
      server.healthyAfterMs = await server.waitHealthy(timeoutMs);
    } catch (e) {
      // A server that never became healthy is not left running (on the port, holding DATA_DIR).
      await server.stop();
      // main.ts says so in one line when the port is taken.
      if (server.output.includes(`Port ${port} on 127.0.0.1 is already in use`))
        throw new PortTaken((e as Error).message);
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

  /**
   * Polls /api/health until this process answers 200 (or read-only, when asked); throws when the
   * process exits or time runs out.
   */
  async waitHealthy(timeoutMs = 60_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.running)
        throw new Error(`server exited (${this.exitCode}) before answering${this.lastOutput()}`);
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        let up = res.status === 200;
        if (this.options.readOnlyIsUp && res.status === 503) {
          const { status } = (await res.json()) as { status?: string };
          up = status === "read-only";
        }
        if (up && listensOn(this.pid, this.port)) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    throw new Error(`server not healthy after ${timeoutMs} ms${this.lastOutput()}`);
  }

  /** The last lines the process printed: the log they are in may be gone with the run's files. */
  private lastOutput(): string {
    const lines = this.output.trim().split("\n").slice(-10).join("\n");
    return lines ? `; the last it printed:\n${lines}` : "; it printed nothing";
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

/** The server could not listen: another process took its port. */
class PortTaken extends Error {}

/**
 * Whether the process holds the socket listening on 127.0.0.1:port (its open files against the
 * kernel's table of TCP sockets): the answer came from it, not from another process on that port.
 */
function listensOn(pid: number, port: number): boolean {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  try {
    const inodes = new Set<string>();
    for (const line of readFileSync(`/proc/${pid}/net/tcp`, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address, st (0A: listening), inode
      if (f[1] === local && f[3] === "0A" && f[9]) inodes.add(`socket:[${f[9]}]`);
    }
    if (inodes.size === 0) return false;
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false; // closed meanwhile
      }
    });
  } catch {
    return false; // the process is gone
  }
}

function procStatusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return m ? Number(m[1]) : Number.NaN;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
