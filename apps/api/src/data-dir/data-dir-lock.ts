/// <reference path="./fs-native-extensions.d.ts" />
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { tryLock } from "fs-native-extensions";
import { narrowDataDir, notWritable, prepareDataDir } from "./private-files.js";

/** Who holds DATA_DIR, as written into the lock file by the holder. */
export interface DataDirHolder {
  pid: number;
  /** What the holder is: "the server", "npm run admin", ... */
  role: string;
  since: string;
  /** The holder takes commands on DATA_DIR/server.sock. */
  commands?: boolean;
}

/** What a process refused by the lock should do instead: the same words for any holder, or by holder. */
export type LockAdvice = string | ((holder: DataDirHolder | undefined) => string);

/** Another process holds DATA_DIR; the message is one line saying which and what to do instead. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder | undefined,
    advice: LockAdvice,
  ) {
    const words = typeof advice === "function" ? advice(holder) : advice;
    super(`${dataDir} is in use by ${describeHolder(holder)}: ${words}`);
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Rewrites what the lock file tells other processes (e.g. that commands are now taken). */
  describe(change: Partial<DataDirHolder>): void;
  /** Gives DATA_DIR up; the process ending does the same, however it ends. */
  release(): void;
}

export const LOCK_FILE = "data-dir.lock";

const DEFAULT_ADVICE = "stop that process first, or give this one another DATA_DIR";

/**
 * Takes the exclusive lock on DATA_DIR or throws DataDirInUseError at once. The lock is an OS
 * lock on an open file (fcntl open-file-description lock on Linux, flock on macOS), so the kernel
 * drops it when the process ends, however it ends: a crash or kill -9 leaves no stale lock. The
 * file itself stays; only the lock on it counts.
 */
export function lockDataDir(dataDir: string, role: string, advice: LockAdvice = DEFAULT_ADVICE): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  let fd: number;
  try {
    prepareDataDir(dataDir);
    fd = openSync(file, "a+", 0o600);
  } catch (e) {
    const problem = notWritable(dataDir, e);
    throw problem ? new Error(problem) : e;
  }
  let granted = false;
  try {
    granted = tryLock(fd);
  } finally {
    if (!granted) closeSync(fd);
  }
  if (!granted) throw new DataDirInUseError(dataDir, readHolder(dataDir), advice);
  let holder: DataDirHolder = { pid: process.pid, role, since: new Date().toISOString() };
  let released = false;
  const write = () => {
    try {
      ftruncateSync(fd, 0);
      writeSync(fd, JSON.stringify(holder));
    } catch {
      // A full disk may refuse even these few bytes; the lock holds all the same, and others
      // then only cannot say who holds it.
    }
  };
  write();
  narrowDataDir(dataDir);
  return {
    dataDir,
    describe(change) {
      holder = { ...holder, ...change };
      if (!released) write();
    },
    release() {
      if (released) return;
      released = true;
      closeSync(fd);
    },
  };
}

/** What the lock file says about its holder, if anything readable. */
export function readHolder(dataDir: string): DataDirHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), "utf8")) as DataDirHolder;
    return typeof parsed.pid === "number" && typeof parsed.role === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder is one of the commands (`npm run admin`, ...): it ends by itself. */
export const isCommand = (holder: DataDirHolder | undefined) => Boolean(holder?.role.startsWith("npm run "));

/** How often a process waiting for DATA_DIR's holder (to finish, or to take commands) looks again. */
export const LOCK_RETRY_MS = 250;

/**
 * `lockDataDir` for a server's start. While a command holds DATA_DIR (`npm run seed:demo` typed a
 * moment before `npm start`, a restore), it waits for the command to end, saying so once through
 * `say`: a command ends by itself. Any other holder (a server) refuses at once, as lockDataDir does.
 */
export async function lockDataDirAfterCommands(
  dataDir: string,
  role: string,
  say: (line: string) => void,
): Promise<DataDirLock> {
  const advice = (holder: DataDirHolder | undefined) =>
    isCommand(holder) ? "waiting for it to finish" : DEFAULT_ADVICE;
  let waiting = false;
  for (;;) {
    try {
      return lockDataDir(dataDir, role, advice);
    } catch (e) {
      if (!(e instanceof DataDirInUseError && isCommand(e.holder))) throw e;
      if (!waiting) say(e.message);
      waiting = true;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
}

function describeHolder(holder: DataDirHolder | undefined): string {
  if (!holder) return "another process";
  const since = holder.since.replace("T", " ").replace(/\.\d+Z$/, " UTC");
  return `${holder.role} (pid ${holder.pid}, since ${since})`;
}
