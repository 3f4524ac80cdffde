// The lock scripts/start.mjs builds under, so that processes started together build once.
import { closeSync, ftruncateSync, openSync, readFileSync, rmdirSync, writeSync } from "node:fs";
import { tryLock } from "fs-native-extensions";

/**
 * Runs `fn` holding the exclusive lock on the file `path`, waiting while another process holds it.
 * The lock is an OS lock on the open file, as DATA_DIR's is (fs-native-extensions: fcntl on Linux,
 * flock on macOS), so the kernel drops it with the process however it ends: a build killed midway
 * (kill -9, Ctrl-C, a power cut) leaves nothing that makes the next start wait. A lock made by
 * creating a file or directory stays after a kill, and telling it from a live one needs a pid
 * check (a pid the system may have given to another process since) and a race between waiters
 * removing it. The file itself stays; only the lock on it counts. After `noticeAfterMs` of
 * waiting, `log` is given one line naming the holder's pid, which the holder writes into the file.
 *
 * `fn` is given the lock file's descriptor: a process it starts with that descriptor (an extra
 * stdio entry) shares the lock, which then lasts until that process ends too, so a build that goes
 * on after its starter was killed alone still keeps the next start waiting. Its second argument
 * says whether another process held the lock first (`{ waited }`).
 */
export async function withBuildLock(
  path,
  fn,
  { pollMs = 200, noticeAfterMs = 2000, log = console.error } = {},
) {
  const fd = openLockFile(path);
  try {
    const since = Date.now();
    let told = false;
    let waited = false;
    while (!tryLock(fd)) {
      waited = true;
      if (!told && Date.now() - since >= noticeAfterMs) {
        told = true;
        const pid = holderPid(path);
        log(`Another build is running${pid ? ` (pid ${pid})` : ""}: waiting for it to finish.`);
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
    nameHolder(fd);
    return await fn(fd, { waited });
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes this process's pid into the lock file open as `fd`, for the waiting line of the others: the
 * process that took the lock, or one it handed the descriptor to (a build outliving its killed
 * starter is then named, not the starter that is gone).
 */
export function nameHolder(fd) {
  try {
    ftruncateSync(fd, 0);
    writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), 0);
  } catch {
    // A full disk may refuse even these few bytes: the lock holds all the same.
  }
}

function openLockFile(path) {
  try {
    return openSync(path, "a+", 0o600);
  } catch (e) {
    if (e.code !== "EISDIR") throw e;
  }
  // An earlier version's lock was an empty directory at this path, left behind by a killed build.
  // rmdir removes only an empty directory, never a lock file another process has made meanwhile.
  try {
    rmdirSync(path);
  } catch (e) {
    if (e.code !== "ENOENT" && e.code !== "ENOTDIR") throw e;
  }
  return openSync(path, "a+", 0o600);
}

/** The pid the holder wrote into the lock file, if it has written it yet. */
function holderPid(path) {
  try {
    const { pid } = JSON.parse(readFileSync(path, "utf8"));
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}
