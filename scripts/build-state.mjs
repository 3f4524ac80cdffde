// Whether the compiled server and the built web app are older than the sources they come from.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");
export const SERVER_DIST = join(ROOT, "apps/api/dist");
/** Written last by a build: its time is the build's. */
export const BUILD_STAMP = join(SERVER_DIST, "build-stamp");
/** Every build runs holding the lock on this file (build-lock.mjs): two never write dist at once. */
export const BUILD_LOCK = join(ROOT, "apps/.build-lock");
/** Set by a process that holds the build lock for the build it starts (it hands over the descriptor). */
export const LOCK_HANDED_OVER = "VISA_BUILD_LOCK_HANDED_OVER";

// Everything a build reads; tests are left out, so editing one does not force a rebuild.
const SOURCES = [
  "apps/api/src",
  "packages/domain/src",
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/public",
  "scripts/build.mjs",
  "package-lock.json",
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : st.mtimeMs;
  let latest = st.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** "missing", "stale" or "fresh". */
export function buildState() {
  if (!existsSync(BUILD_STAMP)) return "missing";
  const built = statSync(BUILD_STAMP).mtimeMs;
  const sources = Math.max(...SOURCES.map((p) => newest(join(ROOT, p))));
  return sources > built ? "stale" : "fresh";
}

/** True when the build tools (dev dependencies) are installed. */
export function canBuild() {
  return existsSync(join(ROOT, "node_modules/esbuild")) && existsSync(join(ROOT, "node_modules/vite"));
}
