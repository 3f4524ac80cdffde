// Runs Biome's native binary for this platform. The platform packages are optional
// dependencies, so an install only fetches the one that fits this machine.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pkg = `@biomejs/cli-${process.platform}-${process.arch}`;
let bin;
try {
  bin = require.resolve(`${pkg}/biome`);
} catch {
  console.error(`Biome has no binary installed for ${process.platform}-${process.arch} (${pkg}).`);
  process.exit(1);
}
const r = spawnSync(bin, process.argv.slice(2), { stdio: "inherit" });
process.exit(r.status ?? 1);
