// npm start: runs the compiled server with node, building first only when the build is missing
// or older than the sources. `node scripts/start.mjs cli/admin --email …` runs a compiled command.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BUILD_LOCK, buildState, canBuild, LOCK_HANDED_OVER, ROOT, SERVER_DIST } from "./build-state.mjs";

// Taken before a build, during which the parent may already go.
const PARENT = process.ppid;

/**
 * Under `npm start` the server runs as npm's `sh -c node scripts/start.mjs`. A SIGTERM to npm (a
 * service manager stopping it) ends npm and the shell but reaches no further: the server would go
 * on serving and holding DATA_DIR. When its parent is gone (it is handed to another), the server
 * stops as if it had been sent SIGTERM itself. Ctrl-C reaches the whole process group already.
 */
function stopWithParent() {
  const watch = setInterval(() => {
    if (process.ppid === PARENT) return;
    clearInterval(watch);
    process.kill(process.pid, "SIGTERM");
  }, 500);
  watch.unref();
}

const state = buildState();
if (state !== "fresh") {
  if (canBuild()) {
    // Loaded only to build: a start that has nothing to build needs no lock.
    // Several processes started together (servers, tests) build once: the others wait for it.
    const { withBuildLock } = await import("./build-lock.mjs");
    await withBuildLock(BUILD_LOCK, (lockFd) => {
      if (buildState() === "fresh") return;
      console.error(
        state === "missing" ? "No build yet: building." : "Sources changed since the last build: building.",
      );
      // The build shares the lock: should this process be killed alone, it stays held until the build ends.
      const r = spawnSync(process.execPath, [join(ROOT, "scripts/build.mjs")], {
        cwd: ROOT,
        env: { ...process.env, [LOCK_HANDED_OVER]: "1" },
        stdio: ["inherit", "inherit", "inherit", lockFd],
      });
      if (r.status !== 0) process.exit(r.status ?? 1);
    });
  } else if (state === "missing") {
    console.error("There is no build and the build tools are not installed: run npm ci, then npm run build.");
    process.exit(1);
  } else {
    console.error(
      "The build is older than the sources, and the build tools are not installed: running it as it is.",
    );
  }
}

const [entry = "main", ...args] = process.argv.slice(2);
const file = join(SERVER_DIST, `${entry}.js`);
if (entry === "main") {
  if (process.env.npm_lifecycle_event) stopWithParent();
  // In this process: one Node.js process per server, as with `node apps/api/dist/main.js`.
  await import(pathToFileURL(file).href);
} else {
  const r = spawnSync(process.execPath, [file, ...args], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}
