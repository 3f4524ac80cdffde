// Builds the web app and the server when the build is missing or older than the sources, then
// runs the browser journeys (e2e/*.e2e.ts) against them. A fresh build is left as it is: a server
// already running from it (`npm start` beside `npm test`) keeps every file it serves.
import { spawnSync } from "node:child_process";
import { buildState } from "../scripts/build-state.mjs";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (buildState() !== "fresh") run("npm", ["run", "build"]);
run("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)]);
