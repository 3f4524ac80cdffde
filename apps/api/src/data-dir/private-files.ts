import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Makes DATA_DIR private to the user running the server: the directory 0700, and from now on every
 * file this process creates 0600 (directories 0700). It holds passport numbers, letters and the
 * token key.
 */
export function prepareDataDir(dataDir: string): void {
  process.umask(0o077);
  makeDirectory(dataDir);
  narrow(dataDir, false);
}

/**
 * Makes `dir` and its missing parents one at a time. Node's recursive mkdirSync is not used: where
 * mkdir answers ENOENT under a parent that exists (/proc, /proc/self) it retries forever, so a
 * start with DATA_DIR=/proc/nope hung; and on a read-only file system it reports ENOENT rather
 * than EROFS.
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !exists(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const path of missing) {
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (e) {
      // Made meanwhile by another process starting on it.
      if ((e as NodeJS.ErrnoException).code !== "EEXIST" || !isDirectory(path)) throw e;
    }
  }
  if (!isDirectory(dir)) {
    throw Object.assign(new Error(`${dir} is not a directory`), { code: "ENOTDIR", path: dir });
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Removes group and other permissions from everything under DATA_DIR. The embedded database's
 * files arrive 0666 from its initialisation whatever the umask, and earlier versions left theirs
 * so: run by the lock's holder at every open (a few thousand chmods). Files of another owner
 * (which only root could change) are left as they are.
 */
export function narrowDataDir(dataDir: string): void {
  narrow(dataDir, true);
}

function narrow(path: string, deep: boolean): void {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return;
  if ((st.mode & 0o077) !== 0) {
    try {
      chmodSync(path, st.mode & 0o700);
    } catch {
      // not ours to change
    }
  }
  if (deep && st.isDirectory()) for (const name of readdirSync(path)) narrow(join(path, name), true);
}

/**
 * One line for a DATA_DIR this user may not make or write, or undefined for other failures: most
 * often one made by another user (a first start with sudo, then a service account), a read-only
 * disk, a file in its place, or a place that takes no files at all (/proc, /sys).
 */
export function notWritable(dataDir: string, e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOTDIR" || code === "EEXIST") {
    return `${dataDir} is a file or lies under one, not a directory: give a DATA_DIR that is a directory, or one that does not exist yet`;
  }
  // ENOENT for a name in a directory that exists: a system directory that takes no new files.
  const path = (e as NodeJS.ErrnoException | undefined)?.path;
  if (code === "ENOENT" && path && isDirectory(dirname(path))) {
    const where = dirname(path) === dataDir ? dataDir : `${dataDir} cannot be made: ${dirname(path)}`;
    return `${where} takes no new files (a system directory, like /proc): give a DATA_DIR this user may write`;
  }
  if (code === "EROFS")
    return `${dataDir} is on a read-only file system: give a DATA_DIR this user may write`;
  if (code === "EACCES" || code === "EPERM") {
    return `${dataDir} may not be written by this user (${code}): run this as the user who owns it, or give this user a DATA_DIR of its own`;
  }
  return undefined;
}
