import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_LOCK, BUILD_STAMP, ROOT } from "./build-state.mjs";

const LOCK_MODULE = pathToFileURL(join(import.meta.dirname, "build-lock.mjs")).href;

/** A process holding this checkout's build lock, as a start that is building does, until its stdin ends. */
function buildingStart() {
  const code = `
    import { withBuildLock } from ${JSON.stringify(LOCK_MODULE)};
    await withBuildLock(${JSON.stringify(BUILD_LOCK)}, () => new Promise((done) => {
      process.stdout.write("held\\n");
      process.stdin.once("end", done).resume();
    }));
  `;
  return spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["pipe", "pipe", "inherit"] });
}

async function untilHeld(child) {
  for await (const chunk of child.stdout) if (String(chunk).includes("held")) return;
  throw new Error("the holder ended without taking the lock");
}

/**
 * Reads `npm run build`'s output until it either says it waits for the other build or shows that it
 * has begun building itself (the web app's build, which runs first, names itself on stdout).
 */
async function firstSign(build) {
  let out = "";
  return new Promise((resolve) => {
    const look = (chunk) => {
      out += String(chunk);
      if (out.includes("Another build is running")) resolve({ waits: true, out });
      else if (/vite|@visa\/web/.test(out)) resolve({ waits: false, out });
    };
    build.stdout.on("data", look);
    build.stderr.on("data", look);
    build.once("exit", () => resolve({ waits: false, out }));
  });
}

const children = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill("SIGKILL");
    await once(child, "exit");
  }
});

describe("npm run build beside a start that is building", () => {
  it("waits for that build instead of writing the same files at once", async () => {
    const stampBefore = existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : null;
    const holder = buildingStart();
    children.push(holder);
    await untilHeld(holder);
    const build = spawn(process.execPath, [join(ROOT, "scripts/build.mjs")], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(build);
    const sign = await firstSign(build);
    expect(sign.out).toContain("Another build is running");
    expect(sign.waits).toBe(true);
    // Nothing of the other build was touched meanwhile: its stamp is as it was.
    expect(existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : null).toBe(stampBefore);
  }, 60_000);
});
