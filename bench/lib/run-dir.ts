import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./server.js";

const DATA_ROOT = join(REPO_ROOT, "bench/.data");

/**
 * A new directory bench/.data/NAME-PID for this run: two runs, of one script or of two, never
 * share one. Those that earlier runs of NAME left (kept after a failure, or killed before their
 * clean-up), whose processes have ended, are removed first, as the next run always removed them.
 */
export function runDir(name: string): string {
  mkdirSync(DATA_ROOT, { recursive: true });
  for (const entry of readdirSync(DATA_ROOT)) {
    const pid = entry.startsWith(`${name}-`) ? entry.slice(name.length + 1) : "";
    if (/^\d+$/.test(pid) && !alive(Number(pid)))
      rmSync(join(DATA_ROOT, entry), { recursive: true, force: true });
  }
  const dir = join(DATA_ROOT, `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: a process of another user (e.g. a run under sudo) still has that pid.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
