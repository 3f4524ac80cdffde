import { closeSync, openSync, readSync } from "node:fs";
import { constants, gunzipSync } from "node:zlib";

const BLOCK = 512;

/**
 * Whether `bytes` look like a file `npm run backup` writes: a gzipped tar of a PostgreSQL data
 * directory (PG_VERSION and global/pg_control at its top). Checked before a restore touches
 * DATA_DIR, so an empty file, a text file or another archive is refused by name, not by the
 * database failing to start on it.
 */
export function isBackupFile(bytes: Buffer): boolean {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    return false;
  }
  const wanted = new Set(["PG_VERSION", "global/pg_control"]);
  for (let at = 0; at + BLOCK <= tar.length && wanted.size > 0; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    if (header.toString("latin1", 257, 262) !== "ustar") return false;
    const size = Number.parseInt(field(header, 124, 12) || "0", 8);
    if (!Number.isFinite(size) || size < 0) return false;
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(header, 0, 100);
    wanted.delete(name.replace(/^\.?\/+/, ""));
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return wanted.size === 0;
}

/** A NUL-terminated text field of a tar header. */
function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.toString("utf8", 0, end === -1 ? length : end).trim();
}

/**
 * Whether `file` begins like a file `npm run backup` writes (a gzipped tar), read from its first
 * bytes only: a backup may replace an earlier backup, never another kind of file given by mistake.
 */
export function beginsLikeBackup(file: string): boolean {
  const head = Buffer.alloc(64 * 1024);
  const fd = openSync(file, "r");
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  try {
    // The first block of what is read, though the rest of the stream is missing.
    const tar = gunzipSync(head.subarray(0, read), { finishFlush: constants.Z_SYNC_FLUSH });
    return tar.length >= BLOCK && tar.toString("latin1", 257, 262) === "ustar";
  } catch {
    return false;
  }
}
