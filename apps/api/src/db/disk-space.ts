import { statfsSync } from "node:fs";
import { pgErrorCode } from "../lib/pg-errors.js";

/**
 * Free space below which the embedded database takes no more writes: a new WAL segment (16 MB)
 * and twice the largest request (its rows and their WAL). PGlite must never run out of room for
 * its WAL: a WAL write that fails spins forever in XLogFlush (the server answers nothing, at full
 * CPU), where a PostgreSQL server would stop; a table that cannot grow is an ordinary error.
 */
export const WRITE_RESERVE = 40 * 1024 * 1024;

/**
 * Free space a few bytes of bookkeeping may still use (a sign-in's count, an ended session): a
 * new WAL segment and some margin, never the WAL's last room.
 */
export const BOOKKEEPING_RESERVE = 24 * 1024 * 1024;

/** Bytes free for this user on the file system that holds `dir`, or undefined when unknown. */
export function freeBytes(dir: string): number | undefined {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}

/** "1.2 MB" */
export function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} kB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(1)} GB`;
}

/** A write that failed because the file system has no room: PostgreSQL's disk_full, or ENOSPC. */
export function isDiskFull(err: unknown): boolean {
  if (pgErrorCode(err) === "53100") return true;
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === "ENOSPC" || (typeof message === "string" && /No space left on device/.test(message))) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether the embedded database can write: not while the file system has less than the reserve
 * free, nor after a write was refused for lack of room until a write succeeds or the file system
 * has gained room; asked again at each write, so writes resume by themselves.
 */
export class WriteRoom {
  private fullAt?: { time: Date; free: number };

  constructor(private readonly dir: string) {}

  /** Looks at an error of any statement: remembers a refusal for lack of room. */
  noteFailure(err: unknown): void {
    if (isDiskFull(err)) this.fullAt = { time: new Date(), free: freeBytes(this.dir) ?? 0 };
  }

  noteWritten(): void {
    this.fullAt = undefined;
  }

  /** undefined when writes may go ahead leaving `reserve` free; otherwise why not, in one sentence. */
  problem(reserve = WRITE_RESERVE): string | undefined {
    const free = freeBytes(this.dir);
    if (free === undefined) return undefined;
    if (this.fullAt && free > this.fullAt.free + WRITE_RESERVE / 2) this.fullAt = undefined;
    if (free >= reserve && !this.fullAt) return undefined;
    return `No space left in DATA_DIR to write (${formatBytes(free)} free, ${formatBytes(reserve)} kept in hand)`;
  }
}
