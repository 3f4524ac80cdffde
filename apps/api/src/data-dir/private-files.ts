import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Makes DATA_DIR private to the user running the server: the directory 0700, and from now on every
 * file this process creates 0600 (directories 0700). It holds passport numbers, letters and the
 * token key.
 */
export function prepareDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  narrow(dataDir, false);
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
 * One line for a DATA_DIR this user may not write, or undefined for other failures: most often one
 * made by another user (a first start with sudo, then a service account), or a read-only disk.
 */
export function notWritable(dataDir: string, e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EROFS")
    return `${dataDir} is on a read-only file system: give a DATA_DIR this user may write`;
  if (code === "EACCES" || code === "EPERM") {
    return `${dataDir} may not be written by this user (${code}): run this as the user who owns it, or give this user a DATA_DIR of its own`;
  }
  return undefined;
}
