// npm run db:generate: drizzle-kit writes the migration for what schema.ts changed (its arguments
// pass through: `-- --name <what>`, `-- --custom --name <what>`), then its journal entry is
// stamped later than the one before (migration-stamps.mjs), so an existing database applies it.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { restamp } from "./migration-stamps.mjs";

const API = resolve(import.meta.dirname, "../apps/api");
const JOURNAL = join(API, "src/db/migrations/meta/_journal.json");

const kit = spawnSync("npx", ["drizzle-kit", "generate", ...process.argv.slice(2)], {
  cwd: API,
  stdio: "inherit",
});
if (kit.status !== 0) process.exit(kit.status ?? 1);

const journal = JSON.parse(readFileSync(JOURNAL, "utf8"));
const { entries, restamped } = restamp(journal.entries);
if (restamped.length > 0) {
  writeFileSync(JOURNAL, `${JSON.stringify({ ...journal, entries }, null, 2)}\n`);
  for (const tag of restamped) {
    const { when } = entries.find((e) => e.tag === tag);
    console.log(`${tag}: stamped ${new Date(when).toISOString()}, a day after the migration before it`);
  }
}
