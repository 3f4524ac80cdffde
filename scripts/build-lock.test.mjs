import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withBuildLock } from "./build-lock.mjs";

const MODULE = pathToFileURL(join(import.meta.dirname, "build-lock.mjs")).href;

let dir;
let lock;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "visa-build-lock-"));
  lock = join(dir, ".build-lock");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Another process that takes the lock, writes "held" and keeps the lock until its stdin ends, or
 * for `holdMs` when given; each time it holds the lock it appends "in PID" and "out PID" to `trace`.
 * With `workerMs`, it first starts a process of its own that is given the lock's descriptor and
 * lives that long.
 */
function holder({ trace = join(dir, "trace"), holdMs, workerMs } = {}) {
  const release =
    holdMs === undefined ? "process.stdin.once('end', done).resume()" : `setTimeout(done, ${holdMs})`;
  // The worker names itself in the lock file, as a build handed the lock does, then says so.
  const workerCode = `
    import { nameHolder } from ${JSON.stringify(MODULE)};
    nameHolder(3);
    process.stdout.write("named " + process.pid + "\\n");
    setTimeout(() => {}, ${workerMs});
  `;
  const worker =
    workerMs === undefined
      ? ""
      : `spawn(process.execPath, ["--input-type=module", "-e", ${JSON.stringify(workerCode)}], { stdio: ["ignore", "inherit", "ignore", fd] });`;
  const code = `
    import { spawn } from "node:child_process";
    import { appendFileSync } from "node:fs";
    import { withBuildLock } from ${JSON.stringify(MODULE)};
    await withBuildLock(${JSON.stringify(lock)}, (fd) => new Promise((done) => {
      ${worker}
      appendFileSync(${JSON.stringify(trace)}, "in " + process.pid + "\\n");
      process.stdout.write("held\\n");
      ${release};
    }).then(() => appendFileSync(${JSON.stringify(trace)}, "out " + process.pid + "\\n")));
  `;
  return spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["pipe", "pipe", "inherit"] });
}

async function untilHeld(child, word = "held") {
  let out = "";
  for await (const chunk of child.stdout) {
    out += String(chunk);
    if (out.includes(word)) return out;
  }
  throw new Error(`the holder ended without saying "${word}"`);
}

/** Milliseconds until `withBuildLock` runs its function, and the lines it logged meanwhile. */
async function timeToLock() {
  const lines = [];
  const start = Date.now();
  const waited = await withBuildLock(lock, () => Date.now() - start, {
    pollMs: 20,
    noticeAfterMs: 300,
    log: (line) => lines.push(line),
  });
  return { waited, lines };
}

describe("the build lock", () => {
  it("is taken at once when the process that held it was killed", async () => {
    const child = holder();
    await untilHeld(child);
    child.kill("SIGKILL");
    await once(child, "exit");
    const { waited, lines } = await timeToLock();
    expect(waited).toBeLessThan(1000);
    expect(lines).toEqual([]);
  });

  it("is taken at once when an earlier version's lock directory was left behind", async () => {
    mkdirSync(lock);
    const { waited } = await timeToLock();
    expect(waited).toBeLessThan(1000);
    // The next one takes it at once too: the directory became the lock file.
    expect((await timeToLock()).waited).toBeLessThan(1000);
  });

  it("waits while a live process holds it, saying once which process it waits for", async () => {
    const child = holder();
    await untilHeld(child);
    const waiting = timeToLock();
    await new Promise((r) => setTimeout(r, 1000));
    child.stdin.end();
    await once(child, "exit");
    const { waited, lines } = await waiting;
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(lines).toEqual([`Another build is running (pid ${child.pid}): waiting for it to finish.`]);
  });

  it("stays held by a process given its descriptor after the process that took it was killed, naming that process", async () => {
    const child = holder({ workerMs: 3000 });
    const said = await untilHeld(child, "named");
    const worker = Number(/named (\d+)/.exec(said)?.[1]);
    child.kill("SIGKILL");
    await once(child, "exit");
    const { waited, lines } = await timeToLock();
    expect(waited).toBeGreaterThanOrEqual(2000);
    expect(lines).toEqual([`Another build is running (pid ${worker}): waiting for it to finish.`]);
  });

  it("is free again once its function has failed", async () => {
    await expect(
      withBuildLock(lock, () => {
        throw new Error("build failed");
      }),
    ).rejects.toThrow("build failed");
    expect((await timeToLock()).waited).toBeLessThan(1000);
  });

  it("lets processes started together after a killed build in one at a time", async () => {
    const killed = holder();
    await untilHeld(killed);
    killed.kill("SIGKILL");
    await once(killed, "exit");
    const trace = join(dir, "trace");
    rmSync(trace);
    const children = Array.from({ length: 6 }, () => holder({ trace, holdMs: 50 }));
    await Promise.all(children.map((child) => once(child, "exit")));
    expect(children.map((child) => child.exitCode)).toEqual(children.map(() => 0));
    const lines = readFileSync(trace, "utf8").trim().split("\n");
    // Each "in" is followed by the same process's "out" before anyone else is let in.
    const expected = [];
    for (let i = 0; i < lines.length; i += 2) expected.push(lines[i], lines[i].replace("in", "out"));
    expect(lines).toEqual(expected);
    expect(new Set(lines.filter((line) => line.startsWith("in"))).size).toBe(children.length);
  }, 30_000);
});
