// Builds the web app and the server, then runs the browser journeys (e2e/*.e2e.ts) against them.
import { spawnSync } from "node:child_process";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run("npm", ["run", "build"]);
run("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)]);
